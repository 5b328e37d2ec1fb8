import { useEffect } from 'react';
import { useAppSelector } from '../../app/hooks';
import { useGetActiveTeamQuery } from '../../api/userAndTeam';
import { FIELD_LIMITS } from '../../../shared/fieldLimits';
import { Alert } from '../../ui';
import { SettingsNav } from '../account/SettingsNav';
import { selectActiveTeam } from '../teams/teamSlice';
import { selectIsTeamAdmin } from '../teams/teamSelectors';
import { PlanningDataSection } from './PlanningDataSection';
import styles from './PlanningDataPage.module.css';

/**
 * `/settings/planning`: the team's go-to-market plan and global team data (spec §3, the active team's
 * planning fields). Admins edit them; Editors read them.
 */
export function PlanningDataPage() {
  const team = useAppSelector(selectActiveTeam);
  const isAdmin = useAppSelector(selectIsTeamAdmin);
  // The session's copy may be old: read the team afresh (the answer refreshes it).
  useGetActiveTeamQuery(undefined, { refetchOnMountOrArgChange: true });

  useEffect(() => {
    document.title = 'Planning data · Baton';
  }, []);

  if (!team) return null;
  const shared = { teamId: team.id, version: team.planningDataVersion, canEdit: isAdmin };
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>Planning data</h1>
        <p className={styles.lead}>{team.teamName} · shared by every project of the team</p>
      </div>
      <SettingsNav />
      {!isAdmin && (
        <Alert tone="info">
          You are an Editor of {team.teamName}. Admins change the planning data; you can read it.
        </Alert>
      )}
      <PlanningDataSection
        {...shared}
        field="goToMarketPlan"
        title="Go-to-market plan"
        label="go-to-market plan"
        about="How the team takes its work to market: launch dates, audiences, channels, messages."
        limits={FIELD_LIMITS.goToMarketPlan}
        value={team.goToMarketPlan}
      />
      <PlanningDataSection
        {...shared}
        field="globalTeamData"
        title="Global team data"
        label="global team data"
        about="What every project of the team shares: terms, links, customers, conventions."
        limits={FIELD_LIMITS.globalTeamData}
        value={team.globalTeamData}
      />
    </div>
  );
}
