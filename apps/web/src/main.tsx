import './app/styles.css';
import { startApp } from './app/start-app';
import { reloadWhenBuildIsReplaced } from './lib/stale-build';

reloadWhenBuildIsReplaced();
const root = document.getElementById('root');
if (root) void startApp(root);
