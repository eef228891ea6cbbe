import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ImageField } from '../../../components/image-field';
import type { ImageFieldProps } from '../../../components/image-field';
import classes from './organizer.module.css';

export type CoverFieldProps = Omit<ImageFieldProps, 'texts' | 'renderImage' | 'isInline'>;

/** The event's cover: a wide image, or a placeholder that says there is none yet. */
export function CoverField(props: CoverFieldProps) {
  const { t } = useTranslation('organizer');
  return (
    <ImageField
      {...props}
      texts={{
        label: t('details.cover.label'),
        hint: (size) => t('details.cover.hint', { size }),
        wrongType: t('details.cover.wrongType'),
        tooLarge: (size) => t('details.cover.tooLarge', { size }),
        choose: t('details.cover.choose'),
        replace: t('details.cover.replace'),
        keep: t('details.cover.keep'),
        remove: t('details.cover.remove'),
        pendingUpload: t('details.cover.pendingUpload'),
        pendingRemoval: t('details.cover.pendingRemoval'),
        preview: t('details.cover.preview'),
        current: t('details.cover.current'),
      }}
      renderImage={(src, alt) =>
        src ? (
          <img className={classes.cover} src={src} alt={alt} />
        ) : (
          <div className={classes.coverPlaceholder}>
            <Text>{t('details.cover.empty')}</Text>
          </div>
        )
      }
    />
  );
}
