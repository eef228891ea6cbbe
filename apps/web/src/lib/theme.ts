import { createTheme, rem } from '@mantine/core';
import type { MantineColorsTuple } from '@mantine/core';

/** PRODUCT.md section 9: every animation runs for 600 ms. */
export const ANIMATION_MS = 600;
/** PRODUCT.md section 9: controls are 45–56 px high. */
export const CONTROL_HEIGHT_PX = 48;

// Shade 6 is the brand colour; 5.96:1 on white, so it carries text and white-on-fill labels.
const violet: MantineColorsTuple = [
  '#F8F2FD',
  '#EDDFFB',
  '#DCBFF6',
  '#C99DF2',
  '#B67CED',
  '#9F51E7',
  '#8A2BE2',
  '#7725C2',
  '#631FA3',
  '#501983',
];

// #E22B6B (shade 6) is only 4.38:1 on white: text and filled controls use shade 7 or darker.
const rose: MantineColorsTuple = [
  '#FDF2F6',
  '#FBDFE9',
  '#F6BFD3',
  '#F29DBB',
  '#ED7CA3',
  '#E75186',
  '#E22B6B',
  '#C2255C',
  '#A31F4D',
  '#83193E',
];

const controlHeight = rem(CONTROL_HEIGHT_PX);
const transitionProps = { duration: ANIMATION_MS };

/** `brand` is the primary colour (#8A2BE2), `accent` the secondary (#E22B6B). */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand: violet, accent: rose },
  fontFamily:
    'Nunito, "Noto Sans Arabic", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
  headings: {
    fontFamily:
      'Nunito, "Noto Sans Arabic", system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    fontWeight: '700',
  },
  fontWeights: { regular: '400', medium: '600', bold: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  respectReducedMotion: true,
  // Plain override objects: calling Component.extend would pull every component into the entry chunk.
  components: {
    Button: {
      defaultProps: { size: 'md' },
      vars: (_theme: unknown, props: { size?: string }) =>
        props.size?.startsWith('compact')
          ? { root: {} }
          : { root: { '--button-height': controlHeight } },
    },
    ActionIcon: { defaultProps: { size: CONTROL_HEIGHT_PX } },
    Input: {
      defaultProps: { size: 'md' },
      vars: () => ({ wrapper: { '--input-height': controlHeight } }),
    },
    Chip: {
      defaultProps: { size: 'md' },
      vars: () => ({ root: { '--chip-size': controlHeight } }),
    },
    // Links are told from the text around them by more than their colour (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    Accordion: { defaultProps: { transitionDuration: ANIMATION_MS } },
    Menu: { defaultProps: { transitionProps } },
    Popover: { defaultProps: { transitionProps } },
    Tooltip: { defaultProps: { transitionProps } },
    // A dialog's title bar is drawn as <header>, which outside any section is a second page
    // banner for screen readers: it is only the dialog's heading row.
    Modal: { defaultProps: { transitionProps, attributes: { header: { role: 'none' } } } },
    Drawer: { defaultProps: { transitionProps, attributes: { header: { role: 'none' } } } },
  },
});
