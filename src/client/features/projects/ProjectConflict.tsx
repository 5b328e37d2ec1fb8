import { Alert, spokenList } from '../../ui';
import type { ProjectChanges } from './projectActions';

const settingNames: Record<keyof ProjectChanges, string> = {
  description: 'the name',
  projectDescription: 'the description',
  status: 'the status',
  milestones: 'the milestones',
};

/** In Project settings after a refused save: what the other person saved; this user's values fill the form. */
export function ProjectConflict({ theirs }: { theirs: ProjectChanges }) {
  const fields = Object.keys(theirs) as (keyof ProjectChanges)[];
  return (
    <Alert>
      Someone else changed {spokenList(fields.map((field) => settingNames[field]))} while you were editing. Your values
      are filled in below; Save applies them
      {theirs.description !== undefined && <> (their name: “{theirs.description}”)</>}.
    </Alert>
  );
}
