import { Button, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShareIcon } from './page-icons';

export interface ShareButtonProps {
  title: string;
  /** The page to share (`/events/12`), shared as a full link to this site. */
  path: string;
}

type ShareState = 'idle' | 'copied' | 'manual';

/**
 * The full link to a page of this site, made when shared (the server renders this button too,
 * and it has no window).
 */
function linkTo(path: string): string {
  return new URL(path, window.location.origin).toString();
}

/**
 * The phone's own share sheet where there is one; elsewhere the link is copied, and where
 * even that is refused it is shown selected for the reader to copy.
 */
export function ShareButton({ title, path }: ShareButtonProps) {
  const { t } = useTranslation('events');
  const [state, setState] = useState<ShareState>('idle');
  const manualRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state === 'manual') manualRef.current?.select();
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(timer);
  }, [state]);

  async function share() {
    const url = linkTo(path);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The reader closed the share sheet: nothing more to do.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('manual');
    }
  }

  return (
    <>
      <Button variant="default" leftSection={<ShareIcon size={20} />} onClick={() => void share()}>
        {t('page.share.button')}
      </Button>
      <span role="status" aria-live="polite" style={{ fontSize: 'var(--mantine-font-size-sm)' }}>
        {state === 'copied' ? t('page.share.copied') : ''}
      </span>
      {state === 'manual' && (
        <TextInput
          ref={manualRef}
          readOnly
          value={linkTo(path)}
          dir="ltr"
          label={t('page.share.manual')}
          onFocus={(event) => event.currentTarget.select()}
          w="100%"
        />
      )}
    </>
  );
}
