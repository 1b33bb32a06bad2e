import { useState, type DragEvent } from 'react';

/** A drag that carries files (not text or a link being dragged about). */
function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer.types.includes('Files');
}

export interface FileDrop {
  /** A file is being dragged over the element (and would be taken). */
  readonly dropping: boolean;
  /** Spread on the element that takes the drop. */
  readonly handlers: {
    readonly onDragOver: (event: DragEvent<HTMLElement>) => void;
    readonly onDragLeave: (event: DragEvent<HTMLElement>) => void;
    readonly onDrop: (event: DragEvent<HTMLElement>) => void;
  };
}

/**
 * A local file dropped on an element, as ntfy's web app takes one: the send dialog, and a topic's whole view, which
 * opens that dialog with the file. `onFile` gets the first file dropped; while `enabled` is false (nothing to send
 * to, or a dialog of its own is open) the element takes no drop.
 */
export function useFileDrop(enabled: boolean, onFile: (file: File) => void): FileDrop {
  const [dropping, setDropping] = useState(false);
  return {
    dropping: dropping && enabled,
    handlers: {
      onDragOver: (event) => {
        if (!enabled || !carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDropping(true);
      },
      onDragLeave: (event) => {
        // Moving onto one of the element's own children is not leaving it.
        const to = event.relatedTarget;
        if (to instanceof Node && event.currentTarget.contains(to)) return;
        setDropping(false);
      },
      onDrop: (event) => {
        setDropping(false);
        const file = event.dataTransfer.files[0];
        if (!enabled || !carriesFiles(event) || file === undefined) return;
        event.preventDefault();
        onFile(file);
      },
    },
  };
}
