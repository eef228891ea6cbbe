import { Icon } from '../../../components/icons';
import type { IconProps } from '../../../components/icons';

export function TicketIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v3a2 2 0 0 0 0 4v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-3a2 2 0 0 0 0-4z" />
      <path d="M15 5v2M15 11v2M15 17v2" />
    </Icon>
  );
}
