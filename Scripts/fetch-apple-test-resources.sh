#!/bin/sh
# Fetches the JSON test resources of Apple's App Store Server Library (Swift), MIT licensed,
# "Copyright 2023 Apple Inc.", into a folder outside the sources (default
# .build/apple-test-resources) and prints the command that runs the round-trip test on them:
#
#   Scripts/fetch-apple-test-resources.sh [folder]
#   APPLE_TEST_RESOURCES=<folder> swift test --filter AppleResourceRoundTripTests
#
# The files stay out of this repository. Needs git and network access to github.com.
set -eu
dest=${1:-.build/apple-test-resources}
repo=https://github.com/apple/app-store-server-library-swift.git
commit=8468d10f77cf2000f88de8fa722c5f6238ba1265  # the commit the fact sheet was compiled from (CHANGELOG v6.0.0)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$work" init -q
git -C "$work" remote add origin "$repo"
git -C "$work" sparse-checkout set Tests/AppStoreServerLibraryTests/resources/models
if ! git -C "$work" fetch -q --depth 1 --filter=blob:none origin "$commit" 2>/dev/null; then
  git -C "$work" fetch -q --depth 1 --filter=blob:none origin HEAD
fi
git -C "$work" checkout -q FETCH_HEAD
mkdir -p "$dest"
cp "$work"/Tests/AppStoreServerLibraryTests/resources/models/*.json "$dest"/
echo "fetched $(ls "$dest" | wc -l | tr -d ' ') files into $dest"
echo "run: APPLE_TEST_RESOURCES=$(cd "$dest" && pwd) swift test --filter AppleResourceRoundTripTests"
