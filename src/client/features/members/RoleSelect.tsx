import type { ComponentPropsWithoutRef } from 'react';
import { TeamRole } from '../../../shared/enums';
import { roleNames } from '../teams/teamSelectors';
import styles from './MembersPage.module.css';

export interface RoleSelectProps extends Omit<ComponentPropsWithoutRef<'select'>, 'value' | 'onChange'> {
  value: TeamRole;
  onChange: (role: TeamRole) => void;
}

/** A native select of the two team roles: keyboard and screen readers get the platform's own control. */
export function RoleSelect({ value, onChange, className, ...rest }: RoleSelectProps) {
  return (
    <select
      className={className ? `${styles.select} ${className}` : styles.select}
      value={value}
      onChange={(event) => onChange(Number(event.target.value) as TeamRole)}
      {...rest}
    >
      {[TeamRole.Admin, TeamRole.Editor].map((role) => (
        <option key={role} value={role}>
          {roleNames[role]}
        </option>
      ))}
    </select>
  );
}
