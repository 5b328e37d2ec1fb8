import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Alert, BrandMark } from '../../ui';
import { ReplayView } from './ReplayView';
import { parseSnapshot, type SupportSnapshot } from './snapshot';
import styles from './SnapshotViewerPage.module.css';

function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

/** A file input that looks like a button, and the picked file handed on. */
function SnapshotFileInput({ label, onFile }: { label: string; onFile: (file: File) => void }) {
  const id = useId();
  return (
    <span className={styles.fileInput}>
      <input
        id={id}
        type="file"
        accept="application/json,.json"
        className={styles.visuallyHidden}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <label htmlFor={id} className={styles.fileButton}>
        {label}
      </label>
    </span>
  );
}

/** Always on top of a replay: it is a copy, not the live app, and which one. */
function ReadOnlyBanner({
  snapshot,
  error,
  onFile,
}: {
  snapshot: SupportSnapshot;
  error: string | null;
  onFile: (file: File) => void;
}) {
  return (
    <section className={styles.banner} aria-label="Read-only snapshot">
      <p className={styles.bannerTitle}>
        <strong>Read-only snapshot</strong> — nothing here can be changed, and nothing is sent to Baton.
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>Taken</dt>
          <dd>
            <time dateTime={snapshot.takenAt}>{new Date(snapshot.takenAt).toLocaleString()}</time>
          </dd>
        </div>
        <div>
          <dt>Page</dt>
          <dd className={styles.route}>{snapshot.route}</dd>
        </div>
        <div>
          <dt>Build</dt>
          <dd>{snapshot.build.hash}</dd>
        </div>
        <div>
          <dt>Content</dt>
          <dd>{snapshot.includesContent ? 'included' : 'left out by the user'}</dd>
        </div>
      </dl>
      <details className={styles.actions}>
        <summary>Last {snapshot.recentActions.length} actions</summary>
        <ol className={styles.actionList}>
          {snapshot.recentActions.map((type, index) => (
            <li key={index}>{type}</li>
          ))}
        </ol>
      </details>
      <SnapshotFileInput label="Open another snapshot" onFile={onFile} />
      {error && <Alert>{error}</Alert>}
    </section>
  );
}

/**
 * `/support/snapshot`: support staff open a snapshot a user exported ("Export state for support") and
 * see what the user saw, read-only, without a call to the server. A file that is not a snapshot is
 * refused with the reason, and whatever was shown stays.
 */
export function SnapshotViewerPage() {
  const [snapshot, setSnapshot] = useState<SupportSnapshot | null>(null);
  /** Each opened file gets a fresh replay (its own store and router). */
  const [generation, setGeneration] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const latest = useRef(0);

  useEffect(() => {
    document.title = 'Snapshot viewer · Baton support';
  }, []);

  const open = async (file: File) => {
    const attempt = ++latest.current;
    let text: string;
    try {
      text = await readText(file);
    } catch {
      if (attempt === latest.current) setError(`${file.name} could not be read.`);
      return;
    }
    if (attempt !== latest.current) return;
    const parsed = parseSnapshot(text);
    if (!parsed.ok) {
      setError(`${file.name}: ${parsed.error}`);
      return;
    }
    setError(null);
    setSnapshot(parsed.snapshot);
    setGeneration((count) => count + 1);
  };
  const onFile = (file: File) => void open(file);

  const dropHandlers = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      const file = event.dataTransfer.files[0];
      if (file) onFile(file);
    },
  };

  if (snapshot) {
    return (
      <div {...dropHandlers} className={styles.replay}>
        <ReplayView
          key={generation}
          snapshot={snapshot}
          banner={<ReadOnlyBanner snapshot={snapshot} error={error} onFile={onFile} />}
        />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <BrandMark />
      <h1 className={styles.title}>Snapshot viewer</h1>
      <p className={styles.lead}>
        Open a snapshot a user exported with “Export state for support”. It shows what they saw — the board, the open
        item, the filters — read-only, and Baton makes no calls while you look.
      </p>
      <div
        className={styles.dropZone}
        data-dragging={dragging || undefined}
        data-testid="snapshot-drop-zone"
        {...dropHandlers}
      >
        <p>Drop the snapshot file here, or</p>
        <SnapshotFileInput label="Choose a snapshot file" onFile={onFile} />
      </div>
      {error && <Alert>{error}</Alert>}
    </div>
  );
}
