import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { Stack, Switch, Text } from '@mantine/core';
import { useId } from 'react';

export interface DescribedSwitchProps {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * A switch with a hint below it. Mantine puts a switch's description inside its <label>, which
 * makes the hint part of the control's name ("Active Turn off to pause…"); here the name stays
 * the label and the hint is its description.
 */
export function DescribedSwitch({ label, description, checked, onChange }: DescribedSwitchProps) {
  const descriptionId = useId();
  return (
    <Stack gap={4}>
      <Switch
        label={label}
        checked={checked}
        onChange={(changeEvent) => onChange(changeEvent.currentTarget.checked)}
        size="md"
        aria-describedby={descriptionId}
      />
      <Text id={descriptionId} size="sm" c="dimmed">
        {description}
      </Text>
    </Stack>
  );
}
