import './ui/global.css';
import { bootstrap } from './boot/bootstrap';
import { logBuild } from './boot/logBuild';
import { siteImporters } from './boot/siteImporters';

logBuild(__BUILD_DATE__, __BUILD_HASH__);
void bootstrap(document, window.location, siteImporters);
