import type { ComponentPropsWithRef } from 'react';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: 'medium' | 'large';
  fullWidth?: boolean;
}

/** Class names of a button look, for anchors and router links that must look like buttons. */
export function buttonClassName({ variant = 'secondary', size = 'medium', fullWidth = false }: ButtonLook = {}) {
  return [styles.button, styles[variant], size === 'large' && styles.large, fullWidth && styles.fullWidth]
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = ComponentPropsWithRef<'button'> & ButtonLook;

export function Button({ variant, size, fullWidth, className, type = 'button', ...rest }: ButtonProps) {
  const look = buttonClassName({ variant, size, fullWidth });
  return <button type={type} className={className ? `${look} ${className}` : look} {...rest} />;
}
