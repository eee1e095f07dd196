/**
 * The size to give a picture's `<img>` in a box of `width` x `height`: its own proportions scaled to fit
 * the box when its size is known (an editor's upload), else the box itself. With the width and height on
 * the element, a browser reserves the picture's space before it loads: nothing moves when it comes.
 */
export function fitInBox(
  image: { width?: number | undefined; height?: number | undefined },
  width: number,
  height: number,
): { width: number; height: number } {
  if (!image.width || !image.height || image.width <= 0 || image.height <= 0) return { width, height };
  const scale = Math.min(width / image.width, height / image.height);
  return {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
}
