export type ChromiumChoice =
  | { kind: "playwright"; executablePath: string }
  | { kind: "system"; executablePath: string }
  | { kind: "none"; looked: string[] };

export declare const SYSTEM_CHROMIUM_ARGS: string[];
export declare function chooseChromium(): ChromiumChoice;
export declare function chromiumLaunch(choice?: ChromiumChoice): { launchOptions?: { executablePath: string; args: string[] } };
