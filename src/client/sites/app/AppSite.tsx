import { useState } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { BrowserRouter } from 'react-router-dom';
import { setupStore } from '../../app/store';
import { CentredSpinner } from '../../ui';
import { AppRoutes } from './appRoutes';

/** The application: one store for the page's life, restored from local storage before anything renders. */
export default function AppSite() {
  const [{ store, persistor }] = useState(() => setupStore());
  return (
    <Provider store={store}>
      <PersistGate loading={<CentredSpinner label="Loading Baton…" />} persistor={persistor}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </PersistGate>
    </Provider>
  );
}
