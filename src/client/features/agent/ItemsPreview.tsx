import { AGENT_LIMITS } from '../../../shared/contract/agent';
import { ItemType } from '../../../shared/enums';
import { kindLabel } from '../items/itemModel';
import { Button } from '../../ui';
import { TextArea } from './WizardLayout';
import styles from './Wizard.module.css';

export interface PreviewItem {
  itemType: 1 | 2 | 3;
  description: string;
}

const kinds = [ItemType.Demo, ItemType.Implementation, ItemType.GoToMarket] as const;

/** Drafted items before they are added: each editable, re-kindable (when `chooseKind`) and removable. */
export function ItemsPreview(props: {
  items: readonly PreviewItem[];
  onChange(items: PreviewItem[]): void;
  label: string;
  chooseKind?: boolean;
}) {
  const { items, onChange } = props;
  const change = (index: number, changes: Partial<PreviewItem>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...changes } : item)));
  return (
    <ol className={styles.list} aria-label={props.label}>
      {items.map((item, index) => (
        <li key={index} className={styles.listItem}>
          <TextArea
            id={`preview-${index}`}
            label={`Item ${index + 1}`}
            value={item.description}
            rows={3}
            maxLength={AGENT_LIMITS.description}
            onChange={(description) => change(index, { description })}
          />
          <div className={styles.row}>
            {props.chooseKind && (
              <>
                <label className={styles.label} htmlFor={`preview-${index}-kind`}>
                  Kind
                </label>
                <select
                  id={`preview-${index}-kind`}
                  className={`${styles.select} ${styles.inlineSelect}`}
                  value={item.itemType}
                  onChange={(event) =>
                    change(index, { itemType: Number(event.target.value) as PreviewItem['itemType'] })
                  }
                >
                  {kinds.map((kind) => (
                    <option key={kind} value={kind}>
                      {kindLabel[kind]}
                    </option>
                  ))}
                </select>
              </>
            )}
            <span className={styles.spacer} />
            <Button variant="ghost" onClick={() => onChange(items.filter((_, i) => i !== index))}>
              Remove item {index + 1}
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}
