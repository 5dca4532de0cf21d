/**
 * Styles that take an element off the screen but leave it to screen readers. Sizes in pixels: sx reads a
 * width or height of 1 as 100%.
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
