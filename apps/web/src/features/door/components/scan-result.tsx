import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { ScanOutcome } from '../lib/door-sync';
import { verdictOf } from '../lib/offline-door';
import classes from './door.module.css';
import { isolate } from '../../../lib/bidi';

/** How long each verdict stays before the scanner is ready again (a tap ends it sooner). */
const SHOWN_MS = { ok: 2_500, warning: 5_000, refused: 5_000 } as const;

function VerdictIcon({ verdict }: { verdict: 'ok' | 'warning' | 'refused' }) {
  const paths = {
    ok: 'M20 52 l20 20 l40 -44',
    warning: 'M50 24 v34 M50 72 v4',
    refused: 'M28 28 l44 44 M72 28 l-44 44',
  };
  return (
    <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false" fill="none">
      <circle cx="50" cy="50" r="46" stroke="currentColor" strokeWidth="7" />
      <path
        d={paths[verdict]}
        stroke="currentColor"
        strokeWidth="10"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export interface ScanResultProps {
  outcome: ScanOutcome;
  timeZone: string;
  onDone: () => void;
}

/**
 * The full-screen verdict: green to let in, amber when the ticket is already in (when and by
 * whom), red with the reason. Its words are announced and its button takes the focus, so
 * Enter or a tap goes on to the next guest; it also goes by itself after a few seconds.
 */
export function ScanResult({ outcome, timeZone, onDone }: ScanResultProps) {
  const { t, i18n } = useTranslation('door');
  const verdict = verdictOf(outcome.result);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  }, [onDone]);

  useEffect(() => {
    buttonRef.current?.focus();
    const timer = setTimeout(() => onDoneRef.current(), SHOWN_MS[verdict]);
    return () => clearTimeout(timer);
  }, [outcome, verdict]);

  const when =
    outcome.checkedInAt &&
    formatDateTime(outcome.checkedInAt, timeZone, i18n.language, {
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      day: 'numeric',
      month: 'short',
    });

  return (
    <div
      className={classes.result}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="scan-result-title"
      aria-describedby="scan-result-detail"
      data-verdict={verdict}
      data-result={outcome.result}
    >
      <div className={classes.resultIcon}>
        <VerdictIcon verdict={verdict} />
      </div>
      <h2 id="scan-result-title" className={classes.resultTitle}>
        {t(`result.${outcome.result}`)}
      </h2>
      <div id="scan-result-detail">
        {verdict === 'refused' && <p className={classes.resultDetail}>{t('result.refusedLead')}</p>}
        {outcome.holderName && (
          <p className={classes.resultName} dir="auto">
            {outcome.holderName}
          </p>
        )}
        {outcome.categoryName && <p className={classes.resultDetail}>{outcome.categoryName}</p>}
        {verdict === 'warning' && when && (
          <p className={classes.resultDetail}>
            {outcome.checkedInBy
              ? t('result.whenBy', { time: when, name: isolate(outcome.checkedInBy.name) })
              : t('result.when', { time: when })}
          </p>
        )}
        {outcome.isOffline && <p className={classes.resultDetail}>{t('result.offline')}</p>}
      </div>
      <button ref={buttonRef} type="button" className={classes.resultButton} onClick={onDone}>
        {t('result.next')}
      </button>
    </div>
  );
}
