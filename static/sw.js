// Pipopipette service worker: after one online visit the game loads and plays with no network.
// tools/build_web.py fills in BUILD and ARCHIVE in the copy it puts into build/web/.
"use strict";

const BUILD = "@@BUILD@@";            // content hash of the build: a new build gets a new cache
const ARCHIVE = "@@ARCHIVE@@";        // the packed game, e.g. "pipopipette.tar.gz"
const CACHE = `pipopipette-${BUILD}`;
const CDN_ROOT = "https://pygame-web.github.io/cdn/";
const CDN = `${CDN_ROOT}0.9.3/`;

// Our own files, relative to this worker.
const SITE_FILES = [
    "./",
    "index.html",
    ARCHIVE,
    "favicon.png",
    "manifest.webmanifest",
    "icon-180.png",
    "icon-192.png",
    "icon-512.png",
    "relay-mqtt.js",
];

// What pygbag 0.9.3 fetches from its CDN for a CPython 3.12 game with pygame-ce.
// Anything else under CDN_ROOT is cached the first time the page asks for it.
const CDN_FILES = [
    `${CDN}pythons.js`,
    `${CDN}cpythonrc.py`,
    `${CDN}cpython312/main.js`,
    `${CDN}cpython312/main.wasm`,
    `${CDN}cpython312/main.data`,
    `${CDN}empty.ogg`,
    `${CDN_ROOT}index-0.9.3-cp312.json`,
    `${CDN_ROOT}cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl`,
];

function isCdn(url) {
    return url.startsWith(CDN_ROOT);
}

// CDN files are fetched in CORS mode so the cached copy can answer both CORS and no-cors requests.
async function download(url) {
    const response = await fetch(url, isCdn(url) ? { mode: "cors", credentials: "omit" } : { cache: "reload" });
    if (!response.ok) {
        throw new Error(`${response.status} for ${url}`);
    }
    return response;
}

// One by one, so that a single missing file cannot abort the installation.
async function precache() {
    const cache = await caches.open(CACHE);
    const urls = [...SITE_FILES.map((path) => new URL(path, self.location).href), ...CDN_FILES];
    let missing = 0;
    for (const url of urls) {
        try {
            await cache.put(url, await download(url));
        } catch (error) {
            missing += 1;
            console.warn("sw: not cached now:", url, error);
        }
    }
    console.log(`sw: ${CACHE} cached ${urls.length - missing} of ${urls.length} files`);
}

async function dropOldCaches() {
    for (const name of await caches.keys()) {
        if (name.startsWith("pipopipette-") && name !== CACHE) {
            await caches.delete(name);
        }
    }
    await self.clients.claim();
}

async function fromNetwork(request) {
    const url = request.url;
    const response = isCdn(url) ? await download(url).catch(() => fetch(request)) : await fetch(request);
    if (response.ok && (isCdn(url) || new URL(url).origin === self.location.origin)) {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(url, copy)).catch(() => {});
    }
    return response;
}

// Cache first; the page's address may carry a query (pygbag reads options from it), so pages ignore it.
async function answer(request) {
    const cache = await caches.open(CACHE);
    const isPage = request.mode === "navigate";
    const cached = await cache.match(request, { ignoreSearch: isPage });
    if (cached) {
        return cached;
    }
    try {
        return await fromNetwork(request);
    } catch (error) {
        const fallback = isPage ? await cache.match("index.html", { ignoreSearch: true }) : undefined;
        if (fallback) {
            return fallback;
        }
        throw error;
    }
}

self.addEventListener("install", (event) => {
    event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
    event.waitUntil(dropOldCaches());
});

self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") {
        return;
    }
    const url = request.url;
    if (isCdn(url) || new URL(url).origin === self.location.origin) {
        event.respondWith(answer(request));
    }
});
