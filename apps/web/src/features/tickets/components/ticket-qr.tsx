import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import classes from './tickets.module.css';

/** White space around the code, in modules: scanners need four. */
const QUIET_ZONE = 4;

/** The dark modules of a QR code as one SVG path, and the side of the square it fills. */
export async function qrPath(payload: string): Promise<{ side: number; path: string }> {
  // The encoder is loaded with the first ticket shown, never with the app's first screen.
  const { create } = await import('qrcode');
  const { modules } = create(payload, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) {
        parts.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
      }
    }
  }
  return { side: modules.size + 2 * QUIET_ZONE, path: parts.join('') };
}

export interface TicketQrProps {
  /** The signed code the door scanner reads. */
  payload: string;
  label: string;
  /** Drawn size in pixels (it never grows wider than its container). */
  size?: number;
  /** Greyed out for tickets that no longer admit anyone. */
  isVoid?: boolean;
}

/** A ticket's QR code drawn as crisp SVG, dark on white in any theme so phones can scan it. */
export function TicketQr({ payload, label, size = 240, isVoid = false }: TicketQrProps) {
  const { t } = useTranslation('tickets');
  const code = useQuery({
    queryKey: ['qr', payload],
    queryFn: () => qrPath(payload),
    staleTime: Infinity,
  });

  return (
    <div
      className={classes.qr}
      style={{ inlineSize: size, maxInlineSize: '100%' }}
      data-void={isVoid || undefined}
    >
      {code.data ? (
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${code.data.side} ${code.data.side}`}
          shapeRendering="crispEdges"
          width="100%"
          height="100%"
        >
          <rect width={code.data.side} height={code.data.side} fill="#fff" />
          <path d={code.data.path} fill="#000" />
        </svg>
      ) : (
        <span role="status" className={classes.qrPending}>
          {code.isError ? t('qr.failed') : t('qr.loading')}
        </span>
      )}
    </div>
  );
}
