import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { Button, Drawer, Loader, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryError } from '../../../components/query-error';
import { useNotificationsFeed } from '../api/get-notifications';
import { useMarkAllNotificationsSeen, useMarkNotificationSeen } from '../api/mark-seen';
import { BellIcon } from './bell-icon';
import { LoadMore, NotificationList } from './notification-list';
import classes from './notifications.module.css';

export interface NotificationPanelProps {
  id: string;
  userId: string;
  bellRef: RefObject<HTMLButtonElement | null>;
  onClose: (options: { returnFocus: boolean }) => void;
}

/** The header's width where the events link shows (Mantine's `sm`): below it, a phone. */
const WIDE_SCREEN = '(min-width: 48em)';

/** The bell's panel: below the bell on a wide screen, a drawer from the bottom on a phone. */
export function NotificationPanel({ id, userId, bellRef, onClose }: NotificationPanelProps) {
  const { t } = useTranslation('notifications');
  const isWide = useMediaQuery(WIDE_SCREEN, true, { getInitialValueInEffect: false });
  const headingId = useId();
  const content = (
    <PanelContent
      userId={userId}
      headingId={headingId}
      onNavigate={() => onClose({ returnFocus: false })}
    />
  );

  if (!isWide) {
    return (
      <Drawer
        opened
        onClose={() => onClose({ returnFocus: true })}
        position="bottom"
        size="92dvh"
        id={id}
        title={<span id={headingId}>{t('panel.title')}</span>}
        closeButtonProps={{ 'aria-label': t('panel.close') }}
        classNames={{ body: classes.drawerBody, title: classes.drawerTitle }}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Popover id={id} headingId={headingId} bellRef={bellRef} onClose={onClose}>
      <div className={classes.panelHeader}>
        <Title order={2} size="h4" id={headingId}>
          {t('panel.title')}
        </Title>
      </div>
      {content}
    </Popover>
  );
}

interface PopoverProps {
  id: string;
  headingId: string;
  bellRef: RefObject<HTMLButtonElement | null>;
  onClose: NotificationPanelProps['onClose'];
  children: ReactNode;
}

/** A non-modal dialog under the bell: Escape or a press outside it closes it. */
function Popover({ id, headingId, bellRef, onClose, children }: PopoverProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    ref.current?.focus();
    function closeOnOutsidePress(event: PointerEvent) {
      const target = event.target as Node | null;
      if (ref.current?.contains(target) || bellRef.current?.contains(target)) return;
      onCloseRef.current({ returnFocus: false });
    }
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key === 'Escape') onCloseRef.current({ returnFocus: true });
    }
    document.addEventListener('pointerdown', closeOnOutsidePress);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsidePress);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [bellRef]);

  return (
    <div
      ref={ref}
      id={id}
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      className={classes.popover}
    >
      {children}
    </div>
  );
}

interface PanelContentProps {
  userId: string;
  headingId: string;
  onNavigate: () => void;
}

function PanelContent({ userId, headingId, onNavigate }: PanelContentProps) {
  const { t } = useTranslation('notifications');
  const feed = useNotificationsFeed(userId);
  const markAll = useMarkAllNotificationsSeen(userId);
  const markSeen = useMarkNotificationSeen(userId);
  // The clock as the panel opened: every "5 minutes ago" in it agrees.
  const [now] = useState(() => Date.now());
  const notifications = feed.data?.pages.flatMap((page) => page.results) ?? [];
  const unseenCount = feed.data?.pages.at(-1)?.unseen_count ?? 0;

  let body: ReactNode;
  if (feed.isPending) {
    body = (
      <div className={classes.panelEmpty}>
        <Loader size="sm" aria-label={t('panel.loading')} />
      </div>
    );
  } else if (feed.isError) {
    body = (
      <div className={classes.panelEmpty}>
        <QueryError error={feed.error} onRetry={() => void feed.refetch()} />
      </div>
    );
  } else if (notifications.length === 0) {
    body = (
      <div className={classes.panelEmpty}>
        <BellIcon size={32} />
        <Text fw={700}>{t('empty.all.title')}</Text>
        <Text size="sm">{t('empty.all.text')}</Text>
      </div>
    );
  } else {
    body = (
      <>
        <NotificationList
          notifications={notifications}
          now={now}
          labelledBy={headingId}
          onOpen={(notification) => {
            if (!notification.seen) markSeen.mutate(notification);
            onNavigate();
          }}
        />
        {feed.hasNextPage && (
          <LoadMore
            loaded={notifications.length}
            isLoading={feed.isFetchingNextPage}
            onLoad={() => {
              if (!feed.isFetchingNextPage) void feed.fetchNextPage();
            }}
          />
        )}
      </>
    );
  }

  return (
    <>
      {unseenCount > 0 && (
        <div className={classes.panelActions}>
          <Text size="sm" c="dimmed">
            {t('unreadCount', { count: unseenCount })}
          </Text>
          <Button variant="subtle" loading={markAll.isPending} onClick={() => markAll.mutate()}>
            {t('markAll')}
          </Button>
        </div>
      )}
      <div className={classes.panelBody}>{body}</div>
      <div className={classes.panelFooter}>
        <Link to="/notifications" className={classes.footerLink} onClick={onNavigate}>
          {t('panel.seeAll')}
        </Link>
      </div>
    </>
  );
}
