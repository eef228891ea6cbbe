import { useTranslation } from 'react-i18next';
import { StepsNav } from '../../../components/steps';
import { EVENT_STEPS, editEventPath } from '../lib/event-steps';
import type { EventStep } from '../lib/event-steps';

export interface EventStepsNavProps {
  current: EventStep;
  /** Null until the draft exists: the later steps edit it, so they open once it is saved. */
  eventId: number | null;
  completed: ReadonlySet<EventStep>;
}

/** The five steps as links; any step of a saved event can be revisited. A sidebar when wide. */
export function EventStepsNav({ current, eventId, completed }: EventStepsNavProps) {
  const { t } = useTranslation('organizer');
  return (
    <StepsNav
      label={t('steps.nav')}
      doneLabel={t('steps.done')}
      isSidebarOnWideScreens
      steps={EVENT_STEPS.map((step) => {
        const isCurrent = step === current;
        const isDisabled = eventId === null && !isCurrent;
        return {
          key: step,
          label: t(`steps.${step}`),
          href: isDisabled
            ? null
            : eventId === null
              ? '/organizer/events/new'
              : editEventPath(eventId, step),
          isCurrent,
          isDone: completed.has(step) && !isCurrent,
          isDisabled,
        };
      })}
    />
  );
}
