import type { TextSegmentDto } from '../../common/ipc.ts';

/** Search segments as text nodes, the matching runs wrapped in <mark>; nothing is parsed as HTML. */
export function Highlighted({ segments }: { readonly segments: readonly TextSegmentDto[] }) {
  return segments.map((segment, index) =>
    segment.match ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
  );
}
