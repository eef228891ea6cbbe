import './app/styles.css';
import { startApp } from './app/start-app';

const root = document.getElementById('root');
if (root) void startApp(root);
