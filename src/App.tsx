// The first screen: the brand and where the app is. The full shell replaces it.
export function App() {
  return (
    <main className="landing">
      <img className="landing__logo" src="/logo.svg" alt="" width={72} height={72} />
      <h1 className="landing__title">Meridian</h1>
      <p className="landing__tagline">Spot, perpetuals and more, built for your phone.</p>
    </main>
  );
}
