import { Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../lib/bidi';
import { formatTimeZone } from '../../../lib/format-time-zone';
import type { FormInputProps } from '../../../lib/use-form';
import classes from './organizer.module.css';

export interface WindowEndProps extends FormInputProps<string> {
  label: string;
  description: string;
}

export interface DateTimeWindowFieldsProps {
  timeZone: string;
  start: WindowEndProps;
  end: WindowEndProps;
}

/** Two optional date-times side by side, and a note that they are on the event's clock. */
export function DateTimeWindowFields({ timeZone, start, end }: DateTimeWindowFieldsProps) {
  const { t, i18n } = useTranslation('organizer');
  return (
    <>
      <div className={classes.twoColumns}>
        <TextInput type="datetime-local" {...start} />
        <TextInput type="datetime-local" {...end} />
      </div>
      <Text size="sm" c="dimmed">
        {t('tickets.zoneNote', { zone: isolate(formatTimeZone(timeZone, i18n.language)) })}
      </Text>
    </>
  );
}
