import { useTranslation } from 'react-i18next';
import type { SaleStep } from '../../../shared/ipc';
import { stepStatuses } from '../stores/sale-progress';

/**
 * The named steps of one attempt with each one's status in words (the marker's colour only
 * helps). Used while the attempt runs and on the in-doubt screen; Pay is never shown done
 * here (see `stepStatuses`). For Authorize only, the step that would charge holds.
 */
export function StepList({ seen, hold = false }: { seen: readonly SaleStep[]; hold?: boolean }) {
  const { t } = useTranslation();
  return (
    <ol className="steps">
      {stepStatuses(seen).map(({ step, status }) => (
        <li
          key={step}
          className={`step step-${status}`}
          aria-current={status === 'current' ? 'step' : undefined}
        >
          <span className="step-marker" aria-hidden="true" />
          <span className="step-name">
            {hold && step === 'charging' ? t('glance.holding') : t(`progress.steps.${step}`)}
          </span>
          <span className="step-status">
            {status === 'skipped'
              ? t(`progress.skipped.${step}`)
              : t(`progress.stepStatus.${status}`)}
          </span>
        </li>
      ))}
    </ol>
  );
}
