import { parseVideoLink } from '@academy/contracts';

interface PreviewPlayerProps {
  lectureTitle: string;
  lectureUrl: string;
}

/** A free-preview lecture: YouTube links are embedded, anything else plays as mp4. */
export function PreviewPlayer({ lectureTitle, lectureUrl }: PreviewPlayerProps) {
  const source = parseVideoLink(lectureUrl);
  if (!source) {
    return <p className="preview-player__unavailable" role="status">This preview cannot be played.</p>;
  }
  if (source.kind === 'youtube') {
    return (
      <iframe
        className="preview-player"
        src={`${source.embedUrl}?autoplay=1`}
        title={`Preview: ${lectureTitle}`}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
      />
    );
  }
  return (
    // Muted so browsers allow the autoplay; the controls let the learner unmute.
    <video
      key={source.url}
      className="preview-player"
      src={source.url}
      controls
      autoPlay
      muted
      playsInline
      aria-label={`Preview: ${lectureTitle}`}
    />
  );
}
