import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ClockIcon } from './icons';

export type HoldEndReason = 'expired' | 'cancelled' | 'missing';

export interface HoldEndedProps {
  reason: HoldEndReason;
  /** What the server said when the hold turned out to be over (a refund made meanwhile, say). */
  detail?: string | null;
  onStartAgain: () => void;
}

/** The held tickets are gone (lapsed, released, or never the reader's): start again from the choices. */
export function HoldEnded({ reason, detail, onStartAgain }: HoldEndedProps) {
  const { t } = useTranslation('booking');
  return (
    <div role="alert">
      <EmptyState
        icon={<ClockIcon size={32} />}
        tone="accent"
        title={t(`ended.${reason}.title`)}
        text={t(`ended.${reason}.text`)}
        textMaxWidth={480}
        action={
          <>
            {detail && <Text fw={600}>{detail}</Text>}
            <Button onClick={onStartAgain}>{t('ended.startAgain')}</Button>
            <Text size="sm" c="dimmed">
              {t('ended.kept')}
            </Text>
          </>
        }
      />
    </div>
  );
}
