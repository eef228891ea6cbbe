import { Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rating } from '@hafla/shared/social/ratings';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { StarIcon, Stars, STAR_COUNT } from '../../../components/stars';
import { useForm } from '../../../lib/use-form';
import { MAX_COMMENT_LENGTH, useOwnRating, useSaveRating } from '../../social/api/ratings';
import classes from './tickets.module.css';

interface StarPickerProps {
  value: number;
  onChange: (value: number) => void;
  error: string | undefined;
}

/** Five radio buttons drawn as stars: arrow keys move between them, as in any radio group. */
function StarPicker({ value, onChange, error }: StarPickerProps) {
  const { t } = useTranslation('tickets');
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className={classes.starField} aria-describedby={error ? errorId : undefined}>
      <legend className={classes.starLegend}>{t('rating.stars')}</legend>
      <div className={classes.starOptions}>
        {Array.from({ length: STAR_COUNT }, (_, index) => index + 1).map((star) => (
          <label key={star} className={classes.starOption} data-filled={star <= value}>
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className={classes.visuallyHidden}
              aria-invalid={Boolean(error)}
            />
            <StarIcon size={36} isFilled={star <= value} />
            <span className={classes.visuallyHidden}>
              {t('rating.starOption', { count: star })}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <Text id={errorId} size="sm" c="var(--mantine-color-error)">
          {error}
        </Text>
      )}
    </fieldset>
  );
}

interface RatingFormProps {
  eventId: number;
  existing: Rating | null;
  onSaved: () => void;
  onCancel?: () => void;
}

function RatingForm({ eventId, existing, onSaved, onCancel }: RatingFormProps) {
  const { t } = useTranslation('tickets');
  const save = useSaveRating(eventId);
  const form = useForm({
    initialValues: { rating: existing?.rating ?? 0, comment: existing?.comment ?? '' },
    validate: {
      rating: (value) => (value < 1 ? t('rating.errors.stars') : null),
    },
  });

  const submit = form.onSubmit((values) =>
    save.mutate(
      { ratingId: existing?.id ?? null, rating: values.rating, comment: values.comment.trim() },
      { onSuccess: onSaved, onError: (error) => form.showApiError(error) },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={form.formError} />
        <StarPicker
          value={form.values.rating}
          onChange={(value) => form.setFieldValue('rating', value)}
          error={form.errors.rating}
        />
        <Textarea
          label={t('rating.comment')}
          description={t('rating.commentHint', { max: MAX_COMMENT_LENGTH })}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={MAX_COMMENT_LENGTH}
          {...form.inputs.comment}
          aria-invalid={Boolean(form.errors.comment)}
        />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {existing ? t('rating.update') : t('rating.submit')}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('rating.cancelEdit')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** Rating an attended event once its slot is over; the reader's rating stays editable. */
export function RatingSection({ eventId }: { eventId: number }) {
  const { t } = useTranslation('tickets');
  const own = useOwnRating(eventId);
  const [isEditing, setIsEditing] = useState(false);
  const [isSaved, setIsSaved] = useState(false);

  return (
    <section aria-labelledby="rate-event" className={classes.panel}>
      <Title order={2} id="rate-event" size="h3" mb="xs">
        {own.data ? t('rating.yourRating') : t('rating.heading')}
      </Title>
      {own.isPending ? (
        <PageLoader />
      ) : own.isError ? (
        <QueryError error={own.error} onRetry={() => void own.refetch()} />
      ) : own.data && !isEditing ? (
        <Stack gap="sm" align="flex-start">
          <Stars
            value={own.data.rating}
            size={24}
            label={t('rating.starsLabel', { count: own.data.rating })}
          />
          {own.data.comment && (
            <Text dir="auto" style={{ whiteSpace: 'pre-line' }}>
              {own.data.comment}
            </Text>
          )}
          {isSaved && <FormAlert tone="success" message={t('rating.saved')} />}
          <Button
            variant="default"
            onClick={() => {
              setIsSaved(false);
              setIsEditing(true);
            }}
          >
            {t('rating.edit')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          {!own.data && <Text>{t('rating.lead')}</Text>}
          <RatingForm
            eventId={eventId}
            existing={own.data}
            onSaved={() => {
              setIsEditing(false);
              setIsSaved(true);
            }}
            onCancel={own.data ? () => setIsEditing(false) : undefined}
          />
        </Stack>
      )}
    </section>
  );
}
