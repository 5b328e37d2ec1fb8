import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type MutableRefObject,
  type ReactNode,
} from 'react';
import { draftLabels } from '../agent/draftLabels';
import * as Dialog from '@radix-ui/react-dialog';
import { skipToken } from '@reduxjs/toolkit/query';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useGetProjectItemQuery } from '../../api/items';
import { selectItemById, selectItemShards } from '../items/itemsSelectors';
import { allItemsIn } from '../items/itemShards';
import { completionToggled, currentId, itemUpdateRequested } from '../items/itemsSlice';
import { itemConflictResolved, itemEditConflicted } from '../items/itemEditsSlice';
import { EditConflict } from './EditConflict';
import { DeletedItemNotice, unsavedTextOf, type UnsavedText } from './DeletedItemNotice';
import { assignItem, moveItemToBucket } from '../items/itemCommands';
import {
  bucketOf,
  isTempId,
  kindLabel,
  titleOf,
  workflowLabels,
  type BoardItem,
  type Item,
  type ItemFields,
} from '../items/itemModel';
import { displayTitle } from '../../../shared/displayTitle';
import { isCompleted } from '../../../shared/completion';
import { ItemType } from '../../../shared/enums';
import { FIELD_LIMITS } from '../../../shared/fieldLimits';
import { bucketKey, parseBucketKey } from '../../../shared/timeframes';
import { Button, CopyButton, Spinner, useFocusNewRow } from '../../ui';
import { itemPath, projectPath } from './useBoardUrl';
import { selectActiveProjectId } from '../projects/projectsSelectors';
import { itemPanelClosed } from './boardSlice';
import { useBoardLayout } from './boardLayout';
import { useBoardNavigation } from './boardNavigation';
import { selectTeamMembers } from './people';
import styles from './ItemPanel.module.css';
import { PatternPicker } from '../agent/PatternPicker';
import { ParentContextField } from '../context/ParentContextField';
import { HandoffSection } from '../handoff/HandoffSection';
import { HandoffHistory } from '../handoff/HandoffHistory';
import { ActivityStream } from '../comments/ActivityStream';
import { ReadOnlyFieldset } from '../support/readOnly';
import { ExportStateButton } from '../support/ExportStateButton';

const MarkdownView = lazy(() => import(/* webpackChunkName: "markdown" */ './MarkdownView'));

/** Saves the draft: explicitly (Save, Control+Enter), or on leaving the panel, which keeps a conflict open. */
/** 'shortcut' is Control+Enter: during a conflict it asks (focus on the choice) rather than choose "mine". */
type SaveDraft = (how?: 'explicit' | 'leaving' | 'shortcut') => void;

/** The fields the panel edits as text, kept as a draft until saved. */
interface Draft {
  description: string;
  goals: string[];
  startDate: string;
  workflowStatus: number;
  codingAgentUrl: string;
  pullRequestUrl: string;
  implementationIds: string[];
  newTestScenarios: string[];
  projectPatternIds: string[];
  /** '' for none. */
  parentContextItemId: string;
}

function draftOf(item: Item): Draft {
  return {
    description: item.description,
    goals: item.goals,
    startDate: item.startDate ?? '',
    workflowStatus: item.workflowStatus,
    codingAgentUrl: item.codingAgentUrl ?? '',
    pullRequestUrl: item.pullRequestUrl ?? '',
    implementationIds: item.implementationIds ?? [],
    newTestScenarios: item.newTestScenarios ?? [],
    projectPatternIds: item.projectPatternIds ?? [],
    parentContextItemId: item.parentContextItemId ?? '',
  };
}

/**
 * The draft after the server's item changed (another member, an agent, GitHub, or this panel's own
 * save): fields the user has not touched since `base` follow the server; the user's edits stay.
 */
export function rebaseDraft(current: Draft, base: Item, next: Item): Draft {
  const from = draftOf(base);
  const to = draftOf(next);
  const merged = { ...current } as Record<keyof Draft, unknown>;
  for (const key of Object.keys(to) as (keyof Draft)[]) {
    if (JSON.stringify(current[key]) === JSON.stringify(from[key])) merged[key] = to[key];
  }
  return merged as Draft;
}

/** Fields the user changed that the server's item changed too, each to something else (base → next). */
function clashingFields(current: Draft, base: Item, next: Item): (keyof Draft)[] {
  const from = draftOf(base);
  const to = draftOf(next);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return (Object.keys(to) as (keyof Draft)[]).filter(
    (key) => !same(current[key], from[key]) && !same(to[key], from[key]) && !same(current[key], to[key]),
  );
}

const pick = (fields: ItemFields, keys: readonly string[]): ItemFields =>
  Object.fromEntries(Object.entries(fields).filter(([key]) => keys.includes(key))) as ItemFields;

/** The draft with `fields` as they are in `item`: re-applies a refused edit, or takes the other person's. */
function withFields(current: Draft, item: Item, fields: ItemFields): Draft {
  const from = draftOf({ ...item, ...fields } as Item) as unknown as Record<string, unknown>;
  const next = { ...current } as unknown as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (key in from) next[key] = from[key];
  return next as unknown as Draft;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** What changed between the whole item and the draft, as an update's fields (kind-specific ones by kind). */
export function changedFields(item: Item, draft: Draft): ItemFields {
  const patch: ItemFields = {};
  const goals = draft.goals.map((goal) => goal.trim()).filter(Boolean);
  if (draft.description !== item.description) patch.description = draft.description;
  if (!sameList(goals, item.goals)) patch.goals = goals;
  if ((draft.startDate || null) !== item.startDate) patch.startDate = draft.startDate || null;
  if (draft.workflowStatus !== item.workflowStatus) patch.workflowStatus = draft.workflowStatus;
  if ((draft.codingAgentUrl.trim() || null) !== item.codingAgentUrl)
    patch.codingAgentUrl = draft.codingAgentUrl.trim() || null;
  if ((draft.pullRequestUrl.trim() || null) !== item.pullRequestUrl)
    patch.pullRequestUrl = draft.pullRequestUrl.trim() || null;
  if ((draft.parentContextItemId || null) !== item.parentContextItemId) {
    patch.parentContextItemId = draft.parentContextItemId || null;
  }
  if (item.itemType === ItemType.Demo && !sameList(draft.implementationIds, item.implementationIds ?? [])) {
    patch.implementationIds = draft.implementationIds;
  }
  if (item.itemType === ItemType.Implementation) {
    const scenarios = draft.newTestScenarios.map((s) => s.trim()).filter(Boolean);
    if (!sameList(scenarios, item.newTestScenarios ?? [])) patch.newTestScenarios = scenarios;
    if (!sameList(draft.projectPatternIds, item.projectPatternIds ?? [])) {
      patch.projectPatternIds = draft.projectPatternIds;
    }
  }
  return patch;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id} className={styles.sectionTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** An editable list of short texts (goals, test scenarios), held to the field's limits. */
function TextList({
  label,
  values,
  onChange,
  addLabel,
  limits,
}: {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  addLabel: string;
  limits: { maxItems: number; maxLength: number };
}) {
  const { containerRef, focusNewRow } = useFocusNewRow<HTMLDivElement>(values.length);
  return (
    <div className={styles.list} ref={containerRef}>
      {values.map((value, index) => (
        <div key={index} className={styles.listRow}>
          <input
            data-row-input=""
            className={styles.input}
            aria-label={`${label} ${index + 1}`}
            maxLength={limits.maxLength}
            value={value}
            onChange={(event) => onChange(values.map((v, i) => (i === index ? event.target.value : v)))}
          />
          <Button
            variant="ghost"
            aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
            onClick={() => onChange(values.filter((_, i) => i !== index))}
          >
            ✕
          </Button>
        </div>
      ))}
      <div>
        <Button
          disabled={values.length >= limits.maxItems}
          onClick={() => {
            focusNewRow();
            onChange([...values, '']);
          }}
        >
          {addLabel}
        </Button>
      </div>
    </div>
  );
}

/**
 * The item panel: everything about one item. The board holds only what cards show, so the panel reads
 * the whole item when it opens (with its own loading and retry states). Text edits are kept as a draft
 * and saved with Save (or Ctrl/⌘+Enter, or on closing); completion, place and assignee change at once.
 */
export default function ItemPanel({ id }: { id: string }) {
  const dispatch = useAppDispatch();
  // An item opened while its create was in flight keeps its panel once the server's id replaces its own.
  const item = useAppSelector((state) => selectItemById(state, currentId(state.items, id)));
  const navigate = useNavigate();
  const location = useLocation();
  const projectId = useAppSelector(selectActiveProjectId);
  // Closing leaves the item's URL for the board's (replaced: Back then goes where the user was before).
  const close = () => {
    dispatch(itemPanelClosed());
    if (location.pathname.startsWith('/items/'))
      navigate({ pathname: projectId ? projectPath(projectId) : '/', search: location.search }, { replace: true });
  };
  const closeRef = useRef(close);
  closeRef.current = close;
  const lastSeen = useRef(item);
  if (item) lastSeen.current = item;
  // What the user typed and has not saved, kept for the notice below; cleared by their own delete.
  const unsavedRef = useRef<UnsavedText[] | null>([]);
  const [gone, setGone] = useState<{ externalId: string; title: string; unsaved: UnsavedText[] } | null>(null);
  // The item left the board while open: deleted here (closed), its create failed (the board says so),
  // or deleted or moved away by someone else — said so, with the user's unsaved text to copy.
  useEffect(() => {
    if (item) return;
    const last = lastSeen.current;
    const unsaved = unsavedRef.current;
    if (!last || isTempId(last.id) || unsaved === null) closeRef.current();
    else setGone({ externalId: last.externalId, title: displayTitle(last.description), unsaved });
  }, [item]);
  if (gone) return <DeletedItemNotice {...gone} onClose={close} />;
  if (!item) return null;
  return <ItemPanelDialog key={id} item={item} unsavedRef={unsavedRef} onClose={close} />;
}

function ItemPanelDialog({
  item,
  unsavedRef,
  onClose,
}: {
  item: BoardItem;
  unsavedRef: MutableRefObject<UnsavedText[] | null>;
  onClose: () => void;
}) {
  const navigation = useBoardNavigation();
  const saving = isTempId(item.id);
  const whole = useGetProjectItemQuery(saving ? skipToken : item.id, { refetchOnMountOrArgChange: true });
  // The editor's save, once the whole item has loaded: closing the panel saves the draft too.
  const saveRef = useRef<SaveDraft | null>(null);
  const closeAndSave = () => {
    saveRef.current?.('leaving');
    onClose();
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && closeAndSave()}>
      <Dialog.Portal>
        <div className={styles.backdrop} aria-hidden="true" />
        <Dialog.Content
          className={styles.panel}
          aria-busy={!whole.data}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            navigation.focus(item.id);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              saveRef.current?.('shortcut');
            }
          }}
        >
          <header className={styles.header}>
            <span className={styles.kind} data-kind={item.itemType}>
              {kindLabel[item.itemType]}
            </span>
            <span className={styles.externalId}>{item.externalId || 'Saving…'}</span>
            <span className={styles.spacer} />
            {item.externalId && <CopyButton text={`${location.origin}${itemPath(item.externalId)}`} />}
            <ExportStateButton iconOnly />
            <Dialog.Close className={styles.close} aria-label="Close">
              ✕
            </Dialog.Close>
          </header>
          {whole.data ? (
            // The dialog is portalled out of the snapshot viewer's fieldset: it disables its own controls there.
            <ReadOnlyFieldset note>
              <ItemEditor
                item={item}
                whole={whole.data}
                readAt={whole.fulfilledTimeStamp}
                saveRef={saveRef}
                unsavedRef={unsavedRef}
                onClose={onClose}
              />
            </ReadOnlyFieldset>
          ) : (
            <>
              <Dialog.Title className={styles.title}>{titleOf(item.description)}</Dialog.Title>
              <Dialog.Description className={styles.visuallyHidden}>
                {kindLabel[item.itemType]} {item.externalId}.
              </Dialog.Description>
              {whole.isError ? (
                <p className={styles.notice} role="alert">
                  The item could not be loaded.{' '}
                  <Button variant="ghost" onClick={() => void whole.refetch()}>
                    Try again
                  </Button>
                </p>
              ) : (
                <p className={styles.notice}>
                  <Spinner size="small" label={saving ? 'Saving the item…' : 'Loading the item…'} />
                  <span aria-hidden="true">{saving ? 'Saving the item…' : 'Loading the item…'}</span>
                </p>
              )}
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface ItemEditorProps {
  /** The board's copy: place, assignee, completion and key, kept current by every change. */
  item: BoardItem;
  /** The whole item as read (and patched by each save) — what the draft is compared with. */
  whole: Item;
  /** When the whole item was last read from the server. */
  readAt: number | undefined;
  saveRef: MutableRefObject<SaveDraft | null>;
  /** The unsaved text, for the notice shown if the item goes while open; null once deleted here. */
  unsavedRef: MutableRefObject<UnsavedText[] | null>;
  onClose: () => void;
}

function ItemEditor({ item, whole, readAt, saveRef, unsavedRef, onClose }: ItemEditorProps) {
  const navigation = useBoardNavigation();
  const dispatch = useAppDispatch();
  const layout = useBoardLayout();
  const members = useAppSelector(selectTeamMembers);
  const shards = useAppSelector(selectItemShards);
  const [draft, setDraft] = useState<Draft>(() => draftOf(whole));
  // The server's item as last read, and when: the draft follows each new read (never this panel's
  // own optimistic patches of it, or their rollback, which come without a read).
  const [base, setBase] = useState({ item: whole, readAt });
  // Someone else's change to a field this user is editing, seen on a read: a conflict, never a silent merge.
  const [clash, setClash] = useState<{ mine: ItemFields; theirs: ItemFields } | null>(null);
  if (base.readAt !== readAt) {
    const clashing = clashingFields(draft, base.item, whole);
    if (clashing.length > 0) {
      const mine = changedFields(base.item, draft);
      setClash({ mine: pick(mine, clashing), theirs: pick(changedFields(base.item, draftOf(whole)), clashing) });
    }
    setBase({ item: whole, readAt });
    setDraft((current) => rebaseDraft(current, base.item, whole));
  }
  useEffect(() => {
    if (!clash) return;
    dispatch(itemEditConflicted({ id: item.id, externalId: item.externalId, ...clash }));
    setClash(null);
  }, [clash, dispatch, item.id, item.externalId]);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [handingOff, setHandingOff] = useState(false);
  const completed = isCompleted(item.completionDate);
  const patch = changedFields(whole, draft);
  const dirty = Object.keys(patch).length > 0;
  const latest = useRef({ whole, draft });
  latest.current = { whole, draft };
  useEffect(() => {
    if (unsavedRef.current !== null) unsavedRef.current = unsavedTextOf(patch);
  });

  const conflict = useAppSelector((state) => state.itemEdits.conflicts[item.id]);
  // A refused edit (someone else saved the same fields first) comes back into the editor.
  useEffect(() => {
    if (conflict) setDraft((current) => withFields(current, latest.current.whole, conflict.mine));
  }, [conflict]);

  const conflictChoice = useRef<HTMLButtonElement>(null);
  const save: SaveDraft = (how = 'explicit') => {
    if (conflict && how === 'shortcut') {
      conflictChoice.current?.focus();
      navigation.announce('Someone else changed this item too: choose “Save mine instead” or “Use theirs”.');
      return;
    }
    const { whole: saved, draft: edited } = latest.current;
    let fields = changedFields(saved, edited);
    if (conflict && how === 'leaving') {
      // Leaving is not a choice between the two versions: the clashing fields wait, the rest is saved.
      const clashing = Object.keys(conflict.theirs);
      const mine = pick(fields, clashing);
      if (Object.keys(mine).length > 0) {
        dispatch(itemEditConflicted({ id: item.id, externalId: item.externalId, mine, theirs: conflict.theirs }));
      } else dispatch(itemConflictResolved(item.id));
      fields = Object.fromEntries(Object.entries(fields).filter(([key]) => !clashing.includes(key))) as ItemFields;
    } else {
      dispatch(itemConflictResolved(item.id));
    }
    if (Object.keys(fields).length === 0) return;
    const values = Object.fromEntries(Object.keys(fields).map((key) => [key, saved[key as keyof Item] ?? null]));
    dispatch(itemUpdateRequested(item.id, fields, layout.projectId, { version: saved.version, values }));
  };
  useEffect(() => {
    saveRef.current = save;
    return () => {
      saveRef.current = null;
    };
  });

  const implementations = useMemo(
    () =>
      allItemsIn(shards).filter(
        (other): other is BoardItem => other.itemType === ItemType.Implementation && other.id !== item.id,
      ),
    [shards, item.id],
  );
  const currentKey = bucketKey(bucketOf(item));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const patternData = whole.localPatternData;
  const navigate = useNavigate();
  /** Leaves the panel for another page; what was typed is saved first, as on closing. */
  const leave = () => {
    save('leaving');
    onClose();
  };
  const openFlow = (path: string) => {
    leave();
    navigate(path);
  };

  return (
    <>
      <Dialog.Title className={styles.title}>{displayTitle(draft.description)}</Dialog.Title>
      <Dialog.Description className={styles.visuallyHidden}>
        {kindLabel[item.itemType]} {item.externalId}. Changes to the text are saved with Save, Control+Enter, or on
        closing.
      </Dialog.Description>

      <div className={styles.quickRow}>
        <Button
          variant={completed ? 'primary' : 'secondary'}
          aria-pressed={completed}
          onClick={() => dispatch(completionToggled(item.id, !completed))}
        >
          {completed ? '✓ Completed' : 'Mark complete'}
        </Button>
        {completed && item.completionDate && (
          <span className={styles.muted}>on {new Date(item.completionDate).toLocaleDateString()}</span>
        )}
        <span className={styles.spacer} />
        <Button variant="ghost" aria-expanded={handingOff} onClick={() => setHandingOff(!handingOff)}>
          Hand off…
        </Button>
        <Button variant="ghost" onClick={() => openFlow(`/flows/split/${item.id}`)}>
          Split…
        </Button>
        <Button variant="ghost" onClick={() => openFlow(`/flows/add-item/${item.id}`)}>
          {draftLabels().addNext}
        </Button>
      </div>
      {handingOff && (
        <HandoffSection
          itemId={item.id}
          dirty={dirty}
          item={{
            description: base.item.description,
            goals: base.item.goals,
            newTestScenarios: base.item.newTestScenarios ?? [],
            scheduled: item.plan.assignedTimeframe !== null,
            parentContextItemId: base.item.parentContextItemId ?? null,
          }}
          onOpen={openFlow}
          onSent={(saved) => {
            // The server set these: the draft follows as for a read, so closing writes nothing back.
            const next = { ...base.item, ...saved } as Item;
            setDraft((current) => rebaseDraft(current, base.item, next));
            setBase({ item: next, readAt: base.readAt });
          }}
          onClose={() => setHandingOff(false)}
        />
      )}

      {conflict && (
        <EditConflict
          conflict={conflict}
          keepMineRef={conflictChoice}
          onKeepMine={() => save()}
          onUseTheirs={() => {
            const saved = latest.current.whole;
            const theirs = Object.fromEntries(Object.keys(conflict.mine).map((key) => [key, saved[key as keyof Item]]));
            setDraft((current) => withFields(current, saved, theirs));
            dispatch(itemConflictResolved(item.id));
          }}
        />
      )}

      <Section title="Description">
        <div className={styles.tabs} role="tablist" aria-label="Description">
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'write'}
            className={styles.tab}
            onClick={() => setTab('write')}
          >
            Write
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'preview'}
            className={styles.tab}
            onClick={() => setTab('preview')}
          >
            Preview
          </button>
        </div>
        {tab === 'write' ? (
          <textarea
            className={styles.textarea}
            aria-label="Description (markdown)"
            value={draft.description}
            maxLength={FIELD_LIMITS.description.maxLength}
            onChange={(event) => set('description', event.target.value)}
            rows={8}
            placeholder="The first line is the title. Markdown works."
          />
        ) : (
          <div className={styles.preview} role="tabpanel" aria-label="Preview">
            <Suspense fallback={<Spinner size="small" label="Loading the preview…" />}>
              <MarkdownView markdown={draft.description || '_Nothing written yet._'} />
            </Suspense>
          </div>
        )}
      </Section>

      <Section title="Plan">
        <div className={styles.grid}>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>Bucket</span>
            <select
              className={styles.select}
              value={currentKey}
              onChange={(event) => {
                const bucket = parseBucketKey(event.target.value);
                if (bucket) dispatch(moveItemToBucket(item.id, bucket));
              }}
            >
              {layout.moveTargets.map((group) => (
                <optgroup key={group.scope} label={group.label}>
                  {group.columns.map((column) => (
                    <option key={column.key} value={column.key}>
                      {column.detail ? `${column.label} · ${column.detail}` : column.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>Assignee</span>
            <select
              className={styles.select}
              value={item.plan.assignedToUserId ?? ''}
              onChange={(event) => dispatch(assignItem(item.id, event.target.value || null))}
            >
              <option value="">Unassigned</option>
              {members.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.emailAddress}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>Start date</span>
            <input
              className={styles.input}
              type="date"
              value={draft.startDate}
              onChange={(event) => set('startDate', event.target.value)}
            />
          </label>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>Hand-off</span>
            <select
              className={styles.select}
              value={draft.workflowStatus}
              onChange={(event) => set('workflowStatus', Number(event.target.value))}
            >
              {workflowLabels.map((label, value) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </div>
      </Section>

      <Section title="Context">
        <ParentContextField
          value={draft.parentContextItemId}
          onChange={(id) => set('parentContextItemId', id)}
          onLeave={leave}
        />
      </Section>

      <Section title="Goals">
        <TextList
          label="Goal"
          values={draft.goals}
          onChange={(goals) => set('goals', goals)}
          addLabel="Add goal"
          limits={FIELD_LIMITS.goals}
        />
      </Section>

      {item.itemType === ItemType.Demo && (
        <Section title="Implementations it shows">
          {implementations.length === 0 ? (
            <p className={styles.muted}>This project has no implementation items yet.</p>
          ) : (
            <ul className={styles.checks}>
              {implementations.map((other) => (
                <li key={other.id}>
                  <label className={styles.check}>
                    <input
                      type="checkbox"
                      checked={draft.implementationIds.includes(other.id)}
                      onChange={(event) =>
                        set(
                          'implementationIds',
                          event.target.checked
                            ? [...draft.implementationIds, other.id]
                            : draft.implementationIds.filter((value) => value !== other.id),
                        )
                      }
                    />
                    <span className={styles.externalId}>{other.externalId}</span> {titleOf(other.description)}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}

      {item.itemType === ItemType.Implementation && (
        <Section title="Implementation">
          <span className={styles.fieldLabel}>New test scenarios</span>
          <TextList
            label="Test scenario"
            values={draft.newTestScenarios}
            onChange={(values) => set('newTestScenarios', values)}
            addLabel="Add test scenario"
            limits={FIELD_LIMITS.newTestScenarios}
          />
          <PatternPicker selected={draft.projectPatternIds} onChange={(ids) => set('projectPatternIds', ids)} />
          <p className={styles.muted}>
            Local patterns: {patternData?.patterns.length ?? 0} patterns, {patternData?.patternConnections.length ?? 0}{' '}
            connections.
          </p>
        </Section>
      )}

      <Section title="Links">
        <div className={styles.grid}>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>Coding agent</span>
            <input
              className={styles.input}
              type="url"
              inputMode="url"
              value={draft.codingAgentUrl}
              onChange={(event) => set('codingAgentUrl', event.target.value)}
              placeholder="https://"
            />
          </label>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>Pull request</span>
            <input
              className={styles.input}
              type="url"
              inputMode="url"
              value={draft.pullRequestUrl}
              onChange={(event) => set('pullRequestUrl', event.target.value)}
              placeholder="https://"
            />
          </label>
        </div>
      </Section>

      <Section title="Hand-off">
        <HandoffHistory itemId={item.id} />
      </Section>

      <Section title="Activity">
        <ActivityStream projectId={layout.projectId} item={item} milestones={layout.milestones} />
      </Section>

      <footer className={styles.footer}>
        <Button
          variant="ghost"
          className={styles.delete}
          onClick={() => {
            if (!confirmDelete) return setConfirmDelete(true);
            // Deleted, not saved: closing must not send the draft.
            saveRef.current = null;
            unsavedRef.current = null;
            navigation.deleteItem(item.id, layout.projectId);
            onClose();
          }}
        >
          {confirmDelete ? 'Yes, delete it' : 'Delete…'}
        </Button>
        <span className={styles.spacer} />
        <span className={styles.muted} aria-live="polite">
          {dirty ? 'Unsaved changes' : ''}
        </span>
        <Button variant="primary" disabled={!dirty} onClick={() => save()}>
          Save
        </Button>
      </footer>
    </>
  );
}
