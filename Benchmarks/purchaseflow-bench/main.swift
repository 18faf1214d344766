// purchaseflow-bench: entitlement computation over many transactions, time and memory.
// Build with `swift build -c release --product purchaseflow-bench`; see Benchmarks/README.md.

import Foundation
import PurchaseFlow

let usage = """
    Usage: purchaseflow-bench [--transactions N] [--runs N] [--warmup N]

    Times EntitlementEngine.evaluate over N synthetic transactions (default 100000): the median and
    p90 of --runs runs (default 21) after --warmup runs (default 3), interleaved with two baselines
    over the same array in the same process: grouping the transactions by product id into a
    dictionary of arrays, and keeping the latest transaction per product id. Memory (Linux): the
    peak resident set (VmHWM of /proc/self/status) above the resident set before one run of each
    workload, after resetting the peak through /proc/self/clear_refs.
    """

struct Options {
    var transactions = 100_000
    var runs = 21
    var warmup = 3
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("purchaseflow-bench: \(message)\n".utf8))
    exit(2)
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = Array(CommandLine.arguments.dropFirst())[...]
    func count(_ name: String, allowZero: Bool = false) -> Int {
        guard let text = arguments.popFirst() else { fail("\(name) needs a value") }
        guard let value = Int(text), value > 0 || (allowZero && value == 0) else {
            fail("\(name) must be a positive integer")
        }
        return value
    }
    while let argument = arguments.popFirst() {
        switch argument {
        case "-h", "--help":
            print(usage)
            exit(0)
        case "--transactions": options.transactions = count(argument)
        case "--runs": options.runs = count(argument)
        case "--warmup": options.warmup = count(argument, allowZero: true)
        default: fail("unknown argument '\(argument)'\n\(usage)")
        }
    }
    return options
}

// MARK: Synthetic data

/// A small deterministic generator (SplitMix64), so every run sees the same data.
struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// A customer base's history: 60 % auto-renewable renewals in chains of 12 (1 chain in 20
/// upgraded, 1 in 50 refunded, a third expired), 15 % consumables, 15 % non-consumables (2 %
/// refunded), 10 % non-renewing subscriptions; renewal info per chain (some in billing retry, some
/// in the grace period).
func makeHistory(count: Int, now: Date) -> ([Transaction], [String: RenewalInfo]) {
    var random = Generator(state: 42)
    var transactions: [Transaction] = []
    transactions.reserveCapacity(count)
    var renewalInfo: [String: RenewalInfo] = [:]
    let month: TimeInterval = 30 * 86_400
    var nextId: UInt64 = 2_000_000_000_000_000
    func id() -> String {
        nextId += 1
        return String(nextId)
    }

    let subscriptionCount = count * 6 / 10
    var made = 0
    while made < subscriptionCount {
        let chainLength = min(12, subscriptionCount - made)
        let group = random.below(10)
        let product = "sub.g\(group).p\(random.below(5))"
        let expired = random.below(3) == 0
        let start = now - month * Double(chainLength) + (expired ? -month * 2 : 86_400)
        let original = id()
        for period in 0..<chainLength {
            let purchase = start + month * Double(period)
            let last = period == chainLength - 1
            transactions.append(
                Transaction(
                    transactionId: period == 0 ? original : id(), originalTransactionId: original, productId: product,
                    productType: .autoRenewable, subscriptionGroupId: "group\(group)", purchaseDate: purchase,
                    expirationDate: purchase + month,
                    revocationDate: last && random.below(50) == 0 ? purchase + 86_400 : nil,
                    isUpgraded: !last && period == chainLength - 2 && random.below(20) == 0,
                    environment: .production, reason: period == 0 ? .purchase : .renewal))
        }
        let retry = expired && random.below(4) == 0
        renewalInfo[original] = RenewalInfo(
            originalTransactionId: original, currentProductId: product, willAutoRenew: !expired || retry,
            isInBillingRetry: retry, gracePeriodExpirationDate: retry && random.below(2) == 0 ? now + 86_400 : nil)
        made += chainLength
    }
    while transactions.count < count {
        let roll = random.below(40)
        let purchase = now - Double(random.below(400)) * 86_400
        let type: Transaction.ProductType
        let product: String
        switch roll {
        case 0..<15:
            type = .consumable
            product = "coins.\(random.below(1_000))"
        case 15..<30:
            type = .nonConsumable
            product = "unlock.\(random.below(1_000))"
        default:
            type = .nonRenewable
            product = "pass.\(random.below(100))"
        }
        transactions.append(
            Transaction(
                transactionId: id(), productId: product, productType: type, purchaseDate: purchase,
                revocationDate: type == .nonConsumable && random.below(50) == 0 ? purchase + 3_600 : nil,
                environment: .production, reason: .purchase))
    }
    // Shuffle deterministically: the engine must not rely on order.
    for index in stride(from: transactions.count - 1, to: 0, by: -1) {
        transactions.swapAt(index, random.below(index + 1))
    }
    return (transactions, renewalInfo)
}

// MARK: Measurement

func procStatus(_ key: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
        let digits = line.split(separator: " ").dropFirst().first { Int($0) != nil }
        return digits.flatMap { Int($0) }
    }
    return nil
}

/// Resets VmHWM to the current resident set (Linux ≥ 4.0); `false` when not possible.
func resetPeak() -> Bool {
    guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
    defer { try? handle.close() }
    handle.write(Data("5".utf8))
    return true
}

func seconds(_ duration: Duration) -> Double {
    let (s, attoseconds) = duration.components
    return Double(s) + Double(attoseconds) / 1e18
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))
    return sorted[index]
}

func format(_ seconds: Double) -> String { String(format: "%8.2f ms", seconds * 1_000) }  // 11 characters
func megabytes(_ kilobytes: Int?) -> String { kilobytes.map { String(format: "%7.1f MB", Double($0) / 1024) } ?? "      n/a" }

@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

let options = parseOptions()
let now = Date(timeIntervalSince1970: 1_767_225_600)
let rssBefore = procStatus("VmRSS")
let (history, renewals) = makeHistory(count: options.transactions, now: now)
let engine = EntitlementEngine()

let workloads: [(String, () -> Int)] = [
    ("EntitlementEngine.evaluate", {
        let report = engine.evaluate(history, renewalInfo: renewals, at: now)
        blackHole(report)
        return report.currentEntitlements.count
    }),
    ("baseline: group by productId", {
        var groups: [String: [Transaction]] = [:]
        for transaction in history { groups[transaction.productId, default: []].append(transaction) }
        blackHole(groups)
        return groups.count
    }),
    ("baseline: latest per productId", {
        let latest = LatestTransactionRule.latestByProduct(history)
        blackHole(latest)
        return latest.count
    }),
]

// Memory of one run of each workload: peak resident set above the data, and heap retained.
var peaks: [Int?] = []
for (_, work) in workloads {
    let base = procStatus("VmRSS")
    let resettable = resetPeak()
    blackHole(work())
    let peak = procStatus("VmHWM")
    if resettable, let peak, let base { peaks.append(max(0, peak - base)) } else { peaks.append(nil) }
}
let report = engine.evaluate(history, renewalInfo: renewals, at: now)

for _ in 0..<options.warmup { for (_, work) in workloads { blackHole(work()) } }
var times = Array(repeating: [Double](), count: workloads.count)
let clock = ContinuousClock()
for run in 0..<options.runs {
    // Alternate the order so that no workload always runs first.
    let order = run % 2 == 0 ? Array(workloads.indices) : Array(workloads.indices.reversed())
    for index in order {
        let start = clock.now
        blackHole(workloads[index].1())
        times[index].append(seconds(clock.now - start))
    }
}

let medians = times.map { percentile($0, 0.5) }
print("purchaseflow-bench: \(history.count) transactions, \(renewals.count) chains with renewal info, "
    + "\(options.runs) runs after \(options.warmup) warm-up")
print("entitlements: \(report.currentEntitlements.count) current, \(report.latestByProduct.count) products, "
    + "\(report.subscriptionChains.count) chains")
print("data: resident \(megabytes(rssBefore)) before generating the transactions, \(megabytes(procStatus("VmRSS"))) after")
print("")
print("| workload                       |      median |         p90 | vs group-by | peak RSS above data |")
print("|--------------------------------|-------------|-------------|-------------|---------------------|")
for (index, (name, _)) in workloads.enumerated() {
    let ratio = medians[index] / medians[1]
    print(
        "| \(name.padding(toLength: 30, withPad: " ", startingAt: 0)) | \(format(medians[index])) | "
            + "\(format(percentile(times[index], 0.9))) | \(String(format: "%10.2fx", ratio)) | "
            + "\(megabytes(peaks[index]).padding(toLength: 19, withPad: " ", startingAt: 0)) |")
}
print("")
print("process peak resident set (VmHWM): \(megabytes(procStatus("VmHWM")))")
