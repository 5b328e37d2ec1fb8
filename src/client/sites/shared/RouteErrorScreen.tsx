import { useRouteError } from 'react-router-dom';
import { BrandMark, CenteredLayout, buttonClassName } from '../../ui';
import { routeErrorDetail, routeErrorTitle } from './routeErrorText';
import styles from './RouteErrorScreen.module.css';

/** The errorElement of every route set: no route matched, or a route threw. */
export function RouteErrorScreen({ homePath = '/' }: { homePath?: string }) {
  const error = useRouteError();
  return (
    <CenteredLayout>
      <BrandMark />
      <div className={styles.body}>
        <h1 className={styles.title}>{routeErrorTitle}</h1>
        <p className={styles.detail}>{routeErrorDetail(error)}</p>
      </div>
      <div>
        {/* A full page load: the router that failed should not be trusted to navigate. */}
        <a className={buttonClassName({ variant: 'secondary' })} href={homePath}>
          Go to the start page
        </a>
      </div>
    </CenteredLayout>
  );
}
