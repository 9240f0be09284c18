export default function Forbidden() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col justify-center px-5">
      <h1 className="text-2xl font-semibold">This report needs a creator key</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        You are signed in with an affiliate key, which the Sales API does not allow to read this data.
      </p>
      {/* A plain link: this boundary is part of every page's tree, so next/link here put its client
          code (~3 KiB gzip) into the first load of pages that have no link of their own. */}
      <a href="/revenue" className="mt-6 font-medium underline">Back to your revenue</a>
    </main>
  );
}
