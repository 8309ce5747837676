import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { UpdateBusy, UpdateStatus } from '../../../shared/ipc-updates';
import { CheckboxField } from '../common/checkbox-field';
import { Fact } from '../common/fact';
import { isolate, When } from '../format/values';
import { useLanguage } from '../i18n/use-language';
import { useSettingsStore } from '../stores/settings-store';
import { useUpdateStore } from '../stores/update-store';

/** The update state in words, versions isolated (an Arabic sentence must not turn them round). */
function phaseText(status: UpdateStatus, t: TFunction, language: 'en' | 'ar'): string {
  const version = isolate(status.available?.version ?? '', language);
  const percent = status.available?.percent ?? null;
  switch (status.phase) {
    case 'available':
      return t('updates.phases.available', { version });
    case 'ready':
      return t('updates.phases.ready', { version });
    case 'downloading':
      return percent === null
        ? t('updates.phases.downloading', { version })
        : t('updates.phases.downloadingShare', { version, percent });
    case 'off':
      return t('updates.phases.off');
    case 'idle':
      return t('updates.phases.idle');
    case 'checking':
      return t('updates.phases.checking');
    case 'up-to-date':
      return t('updates.phases.up-to-date');
  }
}

/** What a restart waits for, as one list in the language's own comma. */
export function busyWords(busy: readonly UpdateBusy[], t: TFunction, language: 'en' | 'ar') {
  return busy.map((reason) => t(`updates.busy.${reason}`)).join(language === 'ar' ? '، ' : ', ');
}

/**
 * Settings › About: version, update channel, last look for updates, the update's state and
 * the last problem, so a counter offline or refused an update says so while it keeps
 * working. A supervisor restarts an idle counter to install a downloaded update; an admin
 * keeps the counter on its version.
 */
export function AboutSection(props: { mayHold: boolean; mayRestart: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const status = useUpdateStore((s) => s.status);
  const restarting = useUpdateStore((s) => s.restarting);
  const held = useSettingsStore((s) => s.view?.settings.holdUpdates ?? false);
  useEffect(() => {
    void useUpdateStore.getState().load();
  }, []);
  if (!status) return null;
  const version = isolate(status.version, language);
  const ready = status.phase === 'ready' && !held;
  return (
    <section className="settings-section about-section" aria-labelledby="about-title">
      <h2 id="about-title">{t('updates.title')}</h2>
      <dl className="facts">
        <Fact label={t('updates.version')} value={status.version} ltr />
        <Fact label={t('updates.channel')} value={status.channel} ltr />
        <div className="fact">
          <dt>{t('updates.lastCheck')}</dt>
          <dd>{status.lastCheckAt ? <When at={status.lastCheckAt} /> : t('updates.notYet')}</dd>
        </div>
        <div className="fact about-state">
          <dt>{t('updates.state')}</dt>
          <dd>{phaseText(status, t, language)}</dd>
        </div>
      </dl>
      {status.lastError ? (
        <div className="notice notice-warning about-error" role="status">
          <p>
            <strong>{t('updates.lastError')}</strong> <When at={status.lastError.at} />
          </p>
          <p>{t(`updates.errors.${status.lastError.code}`)}</p>
        </div>
      ) : null}
      {held ? <p className="about-held">{t('updates.held', { version })}</p> : null}
      {ready && status.busy.length > 0 ? (
        <p className="about-waits" role="status">
          {t('updates.waitsFor', { reasons: busyWords(status.busy, t, language) })}
        </p>
      ) : null}
      {ready && props.mayRestart ? (
        <div className="field about-restart">
          <button
            type="button"
            className="button button-primary"
            disabled={restarting || status.busy.length > 0}
            onClick={() => void useUpdateStore.getState().restart()}
          >
            {restarting ? t('updates.restarting') : t('updates.restart')}
          </button>
          <p className="field-hint">
            {t('updates.restartHint', {
              version: isolate(status.available?.version ?? '', language),
            })}
          </p>
        </div>
      ) : null}
      {props.mayHold ? (
        <CheckboxField
          label={t('updates.hold', { version })}
          hint={t('updates.holdHint')}
          checked={held}
          onChange={(holdUpdates) => void useSettingsStore.getState().update({ holdUpdates })}
        />
      ) : null}
    </section>
  );
}
