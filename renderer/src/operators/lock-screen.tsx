import { useTranslation } from 'react-i18next';
import type { SessionState } from '../../../shared/ipc-security';
import { paydesk } from '../paydesk';
import { useSessionStore } from './session-store';
import { SignInForm } from './sign-in-form';

/**
 * Over the whole window while nobody is signed in or the terminal is locked. What runs
 * behind it keeps running: a sale started before the lock finishes and its result waits.
 */
export function LockScreen({ state }: { state: SessionState }) {
  const { t } = useTranslation();
  return (
    <section className="lock-screen" role="dialog" aria-modal="true" aria-labelledby="lock-title">
      <div className="lock-panel">
        <h1 id="lock-title" className="screen-title">
          {state.locked ? t('operators.lockedTitle') : t('operators.signInTitle')}
        </h1>
        {state.locked && state.operator ? (
          <p>{t('operators.lockedBy', { name: state.operator.displayName })}</p>
        ) : null}
        <SignInForm
          submitLabel={t('operators.signIn')}
          onSubmit={async (credentials) => {
            const answer = await paydesk().sessionSignIn(credentials);
            // The answer is the new session: open the window on it rather than a hop later,
            // when the same state arrives again as the sessionChanged event.
            if (answer.ok) useSessionStore.getState().receive(answer.value);
            return answer.ok ? null : answer.error;
          }}
        />
      </div>
    </section>
  );
}
