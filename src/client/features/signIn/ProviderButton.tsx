import { useId } from 'react';
import type { ProviderInfo } from './providerInfo';
import { Button } from '../../ui';
import styles from './SignInScreen.module.css';

export interface ProviderButtonProps {
  info: ProviderInfo;
  busy: boolean;
  onChoose: (info: ProviderInfo) => void;
}

/** One OpenID Connect provider; a provider the server has not configured is shown, disabled, with why. */
export function ProviderButton({ info, busy, onChoose }: ProviderButtonProps) {
  const hintId = useId();
  return (
    <div className={styles.provider}>
      <Button
        variant="secondary"
        size="large"
        fullWidth
        disabled={!info.enabled || busy}
        aria-describedby={info.enabled ? undefined : hintId}
        onClick={() => onChoose(info)}
      >
        Continue with {info.identityProvider}
      </Button>
      {!info.enabled && (
        <span id={hintId} className={styles.notConfigured}>
          Not configured
        </span>
      )}
    </div>
  );
}
