import { useState } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { setupStore } from '../../app/store';
import { CentredSpinner } from '../../ui';
import { appRoutes } from './appRoutes';

/** The application: one store for the page's life, restored from local storage before anything renders. */
export default function AppSite() {
  const [{ store, persistor }] = useState(() => setupStore());
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return (
    <Provider store={store}>
      <PersistGate loading={<CentredSpinner label="Loading Baton…" />} persistor={persistor}>
        <RouterProvider router={router} />
      </PersistGate>
    </Provider>
  );
}
