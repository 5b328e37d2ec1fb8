import type { ComponentPropsWithoutRef } from 'react';
import styles from './Card.module.css';

/** A raised surface grouping one task. */
export function Card({ className, ...rest }: ComponentPropsWithoutRef<'section'>) {
  return <section className={className ? `${styles.card} ${className}` : styles.card} {...rest} />;
}
