import type { RunImage } from '../contract/run-request';

export interface ShownImage {
  readonly src: string;
  readonly name: string;
}

/** Where an address leads: only a page's own (relative) address or `http(s)`; anything else shows no image. */
function safeSource(src: string): string | null {
  try {
    const url = new URL(src, 'https://relative.invalid/');
    return url.protocol === 'https:' || url.protocol === 'http:' ? src : null;
  } catch {
    return null;
  }
}

/** The preview the host gave, else the image's own address and its file's name. */
export function imageToShow(preview: ShownImage | undefined, image: RunImage | undefined): ShownImage | null {
  const src = preview?.src ?? image?.src;
  if (!src || !safeSource(src)) return null;
  const name = preview?.name ?? decodeURIComponent(src.split(/[?#]/)[0]!.split('/').pop() ?? '');
  return { src, name };
}

/**
 * The image an alt text is being written for, at the top of the dialog: a thumbnail, and its file's name as
 * text (the thumbnail itself says nothing more: it is what the alt text will describe).
 */
export function ImagePreview({ image }: { image: ShownImage }) {
  return (
    <figure className="ask-ai-image" data-ask-ai-part="image">
      <img className="ask-ai-image-thumbnail" src={image.src} alt="" loading="lazy" decoding="async" />
      <figcaption className="ask-ai-image-name">
        <bdi>{image.name}</bdi>
      </figcaption>
    </figure>
  );
}
