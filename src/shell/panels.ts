// The shell's panels, loaded together after the first screen (AppShell): the side menu and the
// language picker share their sliding panel, and one file costs a phone less than three.
export { LanguagePanel } from './LanguagePanel.tsx';
export { SideMenu } from './SideMenu.tsx';
