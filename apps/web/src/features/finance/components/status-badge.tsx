import '@mantine/core/styles/Badge.layer.css';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WithdrawalStatus } from '@hafla/shared/finance/withdrawals';

const STATUS_COLORS: Record<WithdrawalStatus, string> = {
  requested: 'yellow',
  approved: 'blue',
  paid: 'green',
  rejected: 'red',
  cancelled: 'gray',
};

/** A withdrawal's status; its text keeps AA contrast on the light tint. */
export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation('finance');
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      size="lg"
      radius="sm"
      styles={{ label: { color: 'var(--mantine-color-text)', textTransform: 'none' } }}
    >
      {t(`withdrawals.status.${status}`)}
    </Badge>
  );
}
