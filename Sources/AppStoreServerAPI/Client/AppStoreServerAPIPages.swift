/// The pages of a paginated App Store Server API endpoint, fetched one at a time as you iterate:
/// Get Transaction History and Get Refund History (`revision`), Get Notification History
/// (`paginationToken`).
///
/// The first page is fetched without a token; each page whose `hasMore` is `true` hands its
/// token to the next request; iteration ends after the page whose `hasMore` is not `true`. Every
/// page is one client call, with the client's retry policy and the deadline given when the
/// sequence was made. After a page that says `hasMore` without a token, or with a token already
/// used by this iteration (a cycle such as A → B → A), the next step throws
/// ``AppStoreServerAPIClientError/invalidResponse(status:reason:)`` (paging would never end); a
/// failed page throws its error. Either ends the iteration. Nothing is fetched until you iterate; iterating again starts over.
///
/// ```swift
/// for try await page in client.transactionHistory(transactionId: id) {
///     for jws in page.signedTransactions ?? [] { … }
/// }
/// ```
public struct AppStoreServerAPIPages<Page: Sendable>: AsyncSequence, Sendable {
    /// One page.
    public typealias Element = Page
    /// The error of a failed page.
    public typealias Failure = AppStoreServerAPIClientError

    let fetch: @Sendable (String?) async throws(AppStoreServerAPIClientError) -> Page
    let continuation: @Sendable (Page) -> (hasMore: Bool, token: String?)

    /// Creates a sequence from a page fetcher and a reader of each page's `hasMore` and token.
    ///
    /// - Parameters:
    ///   - fetch: Fetches the page after the given token (`nil` for the first page).
    ///   - continuation: A page's `hasMore` and its token for the next request.
    public init(
        fetch: @escaping @Sendable (String?) async throws(AppStoreServerAPIClientError) -> Page,
        continuation: @escaping @Sendable (Page) -> (hasMore: Bool, token: String?)
    ) {
        self.fetch = fetch
        self.continuation = continuation
    }

    /// Fetches the pages in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let sequence: AppStoreServerAPIPages
        var token: String?
        /// Every token this iteration has asked with: a page naming one again would start a cycle.
        var used: Set<String> = []
        var finished = false
        var pendingError: AppStoreServerAPIClientError?

        /// The next page, or `nil` after the last one.
        ///
        /// - Throws: The client error of the failed page; the sequence then ends.
        public mutating func next() async throws(AppStoreServerAPIClientError) -> Page? {
            if let pendingError {
                self.pendingError = nil
                finished = true
                throw pendingError
            }
            guard !finished else { return nil }
            let page: Page
            do {
                page = try await sequence.fetch(token)
            } catch {
                finished = true
                throw error
            }
            let (hasMore, next) = sequence.continuation(page)
            guard hasMore else {
                finished = true
                return page
            }
            guard let next, !next.isEmpty, !used.contains(next) else {
                // The page itself is good; the request for the next one can't be made.
                let repeated = next.map { !$0.isEmpty } ?? false
                pendingError = .invalidResponse(
                    status: 200,
                    reason: "hasMore is true but the page has no new revision or paginationToken"
                        + (repeated ? " (it names one already used: the pages would repeat)" : ""))
                return page
            }
            used.insert(next)
            token = next
            return page
        }
    }

    /// An iterator starting at the first page.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(sequence: self)
    }
}

extension AppStoreServerAPIPages {
    /// Fetches every page in order and returns their items, concatenated.
    ///
    /// - Parameter items: The items of one page, for example `{ $0.signedTransactions ?? [] }`.
    /// - Throws: The client error of the first failed page.
    public func collect<Item>(_ items: (Page) -> [Item]) async throws(AppStoreServerAPIClientError) -> [Item] {
        var all: [Item] = []
        var iterator = makeAsyncIterator()
        while let page = try await iterator.next() { all += items(page) }
        return all
    }
}
