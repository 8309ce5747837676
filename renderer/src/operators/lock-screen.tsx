import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionState } from '../../../shared/ipc-security';
import { paydesk } from '../paydesk';
import { recentOperators, type RecentOperator } from './recent-operators';
import { useSessionStore } from './session-store';
import { SignInForm } from './sign-in-form';

/**
 * Over the whole window while nobody is signed in or the terminal is locked. What runs
 * behind it keeps running: a sale started before the lock finishes and its result waits.
 *
 * Like a till: the operators who signed in here last are buttons, and the one who locked is
 * already chosen, so most sign-ins are the PIN alone; Someone else types an ID.
 */
export function LockScreen({ state }: { state: SessionState }) {
  const { t } = useTranslation();
  const [recent] = useState(recentOperators);
  const [chosen, setChosen] = useState<RecentOperator | null>(
    state.locked && state.operator ? state.operator : null,
  );
  return (
    <section className="lock-screen" role="dialog" aria-modal="true" aria-labelledby="lock-title">
      <div className="lock-panel">
        <h1 id="lock-title" className="screen-title">
          {state.locked ? t('operators.lockedTitle') : t('operators.signInTitle')}
        </h1>
        {state.locked && state.operator ? (
          <p>{t('operators.lockedBy', { name: state.operator.displayName })}</p>
        ) : null}
        {recent.length > 0 && chosen === null ? (
          <div className="recent-operators" role="group" aria-label={t('tillSignIn.recent')}>
            <p>{t('tillSignIn.recent')}</p>
            <div className="button-row">
              {recent.map((operator) => (
                <button
                  key={operator.operatorId}
                  type="button"
                  className="button recent-operator"
                  onClick={() => setChosen(operator)}
                >
                  {operator.displayName}
                </button>
              ))}
            </div>
          </div>
        ) : null}
        <SignInForm
          key={chosen?.operatorId ?? ''}
          operator={chosen}
          submitLabel={t('operators.signIn')}
          onSubmit={async (credentials) => {
            const answer = await paydesk().sessionSignIn(credentials);
            // The answer is the new session: open the window on it rather than a hop later,
            // when the same state arrives again as the sessionChanged event.
            if (answer.ok) useSessionStore.getState().receive(answer.value);
            return answer.ok ? null : answer.error;
          }}
        >
          {chosen ? (
            <button type="button" className="button button-quiet" onClick={() => setChosen(null)}>
              {t('tillSignIn.someoneElse')}
            </button>
          ) : null}
        </SignInForm>
      </div>
    </section>
  );
}
