import { LandingPage } from "@/components/landing/landing-page";

export default function HomePage() {
  return <LandingPage />;
}
