import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import { Button, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChartEditor } from '../lib/use-chart-editor';
import classes from './designer.module.css';

export interface DesignerToolbarProps {
  editor: ChartEditor;
  isSnapping: boolean;
  onSnapChange: (isOn: boolean) => void;
  zoom: number;
  onZoom: (zoom: number) => void;
  selectedCount: number;
  onClearSelection: () => void;
  onSelectAll: () => void;
  isEditable: boolean;
}

const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3, 4];

/** Undo, redo, grid, zoom and the selection: the toolbar follows the page's direction. */
export function DesignerToolbar({
  editor,
  isSnapping,
  onSnapChange,
  zoom,
  onZoom,
  selectedCount,
  onClearSelection,
  onSelectAll,
  isEditable,
}: DesignerToolbarProps) {
  const { t } = useTranslation('charts');
  const index = ZOOMS.indexOf(zoom);
  return (
    <div role="toolbar" aria-label={t('designer.toolbar.label')} className={classes.toolbar}>
      <Button
        variant="default"
        size="compact-md"
        mih={40}
        onClick={editor.undo}
        disabled={!editor.canUndo}
        aria-keyshortcuts="Control+Z Meta+Z"
      >
        {t('designer.toolbar.undo')}
      </Button>
      <Button
        variant="default"
        size="compact-md"
        mih={40}
        onClick={editor.redo}
        disabled={!editor.canRedo}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
      >
        {t('designer.toolbar.redo')}
      </Button>
      <Button
        variant="default"
        size="compact-md"
        mih={40}
        onClick={() => onZoom(ZOOMS[Math.max(0, index - 1)]!)}
        disabled={index <= 0}
      >
        {t('designer.toolbar.zoomOut')}
      </Button>
      <Button
        variant="default"
        size="compact-md"
        mih={40}
        onClick={() => onZoom(ZOOMS[Math.min(ZOOMS.length - 1, index + 1)]!)}
        disabled={index >= ZOOMS.length - 1}
      >
        {t('designer.toolbar.zoomIn')}
      </Button>
      {isEditable && (
        <>
          <Switch
            size="md"
            checked={isSnapping}
            onChange={(event) => onSnapChange(event.currentTarget.checked)}
            label={t('designer.toolbar.snap')}
          />
          <Button variant="subtle" size="compact-md" mih={40} onClick={onSelectAll}>
            {t('designer.toolbar.selectAll')}
          </Button>
          {selectedCount > 0 && (
            <>
              <Text size="sm" fw={600} role="status">
                {t('designer.toolbar.selected', { count: selectedCount })}
              </Text>
              <Button variant="subtle" size="compact-md" mih={40} onClick={onClearSelection}>
                {t('designer.toolbar.clear')}
              </Button>
            </>
          )}
        </>
      )}
    </div>
  );
}
