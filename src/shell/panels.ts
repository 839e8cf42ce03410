// The shell's panels, loaded together after the first screen (AppShell): the side menu and the
// language picker share their sliding panel, and the confirmation dialog comes with them; one file
// costs a phone less than three.
export { ConfirmDialog } from './ConfirmDialog.tsx';
export { LanguagePanel } from './LanguagePanel.tsx';
export { SideMenu } from './SideMenu.tsx';
