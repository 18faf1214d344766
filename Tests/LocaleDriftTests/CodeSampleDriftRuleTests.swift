import DocDiagnostics
import Foundation
import LocaleDrift
import Testing

// Code-sample drift. Comments in samples are translated; code, values and info strings are not.

private let samplesJA = #"""
    # 消費情報の送信

    `CONSUMPTION_REQUEST` 通知を受け取ったら、12 時間以内に消費情報を送信します。

    ## リクエスト

    ```sh
    # 本番環境に消費情報を送信する
    curl -X PUT "https://api.storekit.itunes.apple.com/inApps/v1/transactions/consumption/$TRANSACTION_ID" \
      -H "Authorization: Bearer $JWT" \
      -H "Content-Type: application/json" \
      -d @consumption.json  # リクエストボディ
    ```

    ## リクエストボディ

    ```json ConsumptionRequestV1
    {
      "customerConsented": true,
      "consumptionStatus": 1,
      "platform": 1,
      "sampleContentProvided": false,
      "deliveryStatus": 0,
      "appAccountToken": "",
      "accountTenure": 0,
      "playTime": 0,
      "lifetimeDollarsRefunded": 0,
      "lifetimeDollarsPurchased": 0,
      "userStatus": 1,
      "refundPreference": 3
    }
    ```

    ## Swift からの送信

    ```swift
    /* 消費情報を組み立てて送信します。
       顧客の同意が必要です。 */
    let body = ConsumptionRequestV1(customerConsented: true, consumptionStatus: 1)  // 同意済み
    let url = URL(string: "https://api.storekit.itunes.apple.com/inApps/v1/transactions/consumption/\(id)")!  // 本番環境
    try await client.send(body, to: url)
    ```

    ## 設定

    ```yaml
    # サーバー通知の設定
    notifications:
      url: "https://example.com/appstore#v2"  # 通知の受信先
      version: 2
    ```

    ## 埋め込み

    ```html
    <!-- 購入ボタン -->
    <button id="buy" data-product="com.example.gems">購入</button>
    ```
    """#

private let samplesRU = #"""
    # Отправка информации о потреблении

    Получив уведомление `CONSUMPTION_REQUEST`, отправьте информацию о потреблении в течение 12 часов.

    ## Запрос

    ```sh
    # Отправить информацию о потреблении в рабочее окружение
    curl -X PUT "https://api.storekit.itunes.apple.com/inApps/v1/transactions/consumption/$TRANSACTION_ID" \
      -H "Authorization: Bearer $JWT" \
      -H "Content-Type: application/json" \
      -d @consumption.json  # тело запроса
    ```

    ## Тело запроса

    ```json ConsumptionRequestV1
    {
      "customerConsented": true,
      "consumptionStatus": 1,
      "platform": 1,
      "sampleContentProvided": false,
      "deliveryStatus": 0,
      "appAccountToken": "",
      "accountTenure": 0,
      "playTime": 0,
      "lifetimeDollarsRefunded": 0,
      "lifetimeDollarsPurchased": 0,
      "userStatus": 1,
      "refundPreference": 3
    }
    ```

    ## Отправка из Swift

    ```swift
    /* Собираем информацию о потреблении и отправляем её.
       Нужно согласие клиента:
       без него Apple отклонит запрос. */
    let body = ConsumptionRequestV1(customerConsented: true, consumptionStatus: 1)  // согласие получено
    let url = URL(string: "https://api.storekit.itunes.apple.com/inApps/v1/transactions/consumption/\(id)")!  // рабочее окружение
    try await client.send(body, to: url)
    ```

    ## Настройка

    ```yaml
    # Настройка серверных уведомлений
    notifications:
      url: "https://example.com/appstore#v2"  # адрес для уведомлений
      version: 2
    ```

    ## Встраивание

    ```html
    <!-- Кнопка покупки -->
    <button id="buy" data-product="com.example.gems">購入</button>
    ```
    """#

@Suite("CodeSampleDriftRule")
struct CodeSampleDriftRuleTests {
    let rules: [any DriftRule] = [CodeSampleDriftRule()]

    @Test("Translated comments (// /* */ in Swift, # in shell and YAML, <!-- --> in HTML) are not findings")
    func translatedCommentsAreClean() throws {
        try expectDrift(ja(samplesJA), ru(samplesRU), rules: rules, [])
    }

    @Test("An unclosed empty fence at the end of the page: the finding and its note stay inside both pages; found by fuzz-drift")
    func unclosedFenceAtEnd() throws {
        let findings = try drift(ja("```"), ru("```\nh"), rules: [CodeSampleDriftRule()])
        #expect(findings.map(\.ruleID) == ["code-sample-mismatch"])
        for d in findings {
            #expect(d.location?.line == 2, "\(d)")
            #expect(d.notes.map(\.location?.line) == [1], "\(d)")
        }
    }

    @Test("Trailing whitespace and blank lines are not findings")
    func trailingWhitespaceIsClean() throws {
        let ruPage = ru(samplesRU
            .replacingOnce(#"  "playTime": 0,"#, with: "  \"playTime\": 0,   \t")
            .replacingOnce("try await client.send(body, to: url)", with: "try await client.send(body, to: url)  \n\n"))
        try expectDrift(ja(samplesJA), ruPage, rules: rules, [])
    }

    @Test("A translation saved with CRLF line endings is not a finding")
    func crlfTranslationIsClean() throws {
        try expectDrift(ja(samplesJA), ru(samplesRU.replacingOccurrences(of: "\n", with: "\r\n")), rules: rules, [])
    }

    @Test("A comment dropped in the translation is not a finding")
    func droppedCommentIsClean() throws {
        let ruPage = ru(samplesRU.replacingOnce("# Отправить информацию о потреблении в рабочее окружение\n", with: ""))
        try expectDrift(ja(samplesJA), ruPage, rules: rules, [])
    }

    @Test("code-sample-mismatch: a value changed in a JSON sample, at the ru line, note at the ja line")
    func jsonValueChanged() throws {
        let jaPage = ja(samplesJA.replacingOnce(#"  "playTime": 0,"#, with: #"1️⃣  "playTime": 0,"#))
        let ruPage = ru(samplesRU.replacingOnce(#"  "playTime": 0,"#, with: #"1️⃣  "playTime": 7,"#))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("code-sample-mismatch", at: ruPage[1], note: jaPage[1])])
    }

    @Test("code-sample-mismatch: the changed line is found past translated comments of different length")
    func changedLineAfterLongerComment() throws {
        // The ru block comment has one line more than the ja one; the URL in the Swift string
        // literal is code, not a `//` comment, so the sandbox host is a finding.
        let url = #"let url = URL(string: "https://api.storekit.itunes.apple.com/"#
        let jaPage = ja(samplesJA.replacingOnce(url, with: "1️⃣" + url))
        let ruPage = ru(samplesRU.replacingOnce(url, with: #"1️⃣let url = URL(string: "https://api.storekit-sandbox.itunes.apple.com/"#))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("code-sample-mismatch", at: ruPage[1], note: jaPage[1])])
    }

    @Test("code-sample-mismatch: a line missing at the end of the ru sample points at the ru closing fence")
    func lastLineMissing() throws {
        let jaPage = ja(samplesJA.replacingOnce("try await client.send(body, to: url)", with: "1️⃣try await client.send(body, to: url)"))
        let ruPage = ru(samplesRU.replacingOnce("try await client.send(body, to: url)\n```", with: "1️⃣```"))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("code-sample-mismatch", at: ruPage[1], note: jaPage[1])])
    }

    @Test("code-sample-mismatch: an extra line at the end of the ru sample, note at the ja closing fence")
    func extraLastLine() throws {
        let jaPage = ja(samplesJA.replacingOnce("try await client.send(body, to: url)\n```", with: "try await client.send(body, to: url)\n1️⃣```"))
        let ruPage = ru(samplesRU.replacingOnce("try await client.send(body, to: url)\n", with: "try await client.send(body, to: url)\n1️⃣print(\"отправлено\")\n"))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("code-sample-mismatch", at: ruPage[1], note: jaPage[1])])
    }

    @Test("code-sample-mismatch: an info string that differs (json ConsumptionRequestV1 vs json), at the fences")
    func infoStringDiffers() throws {
        let jaPage = ja(samplesJA.replacingOnce("```json ConsumptionRequestV1", with: "1️⃣```json ConsumptionRequestV1"))
        let ruPage = ru(samplesRU.replacingOnce("```json ConsumptionRequestV1", with: "1️⃣```json"))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("code-sample-mismatch", at: ruPage[1], note: jaPage[1])])
    }

    @Test("missing-code-sample: one of three missing in the middle gives exactly one finding, at the ru section heading")
    func missingMiddleSample() throws {
        let jaPage = ja(samplesJA.replacingOnce("```json ConsumptionRequestV1", with: "1️⃣```json ConsumptionRequestV1"))
        let jsonStart = try #require(samplesRU.range(of: "```json ConsumptionRequestV1"))
        let jsonEnd = try #require(samplesRU.range(of: "}\n```\n", range: jsonStart.upperBound..<samplesRU.endIndex))
        var withoutJSON = samplesRU
        withoutJSON.replaceSubrange(jsonStart.lowerBound..<jsonEnd.upperBound, with: "Поля описаны в таблице выше.\n")
        let ruPage = ru(withoutJSON.replacingOnce("## Тело запроса", with: "1️⃣## Тело запроса"))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("missing-code-sample", at: ruPage[1], note: jaPage[1])])
    }

    @Test("A typed JSON sample broken in ja (reported there as invalid-json-sample) is not also a mismatch in ru")
    func brokenSourceJSONIsNotRepeated() throws {
        let jaPage = ja(samplesJA.replacingOnce(#"  "playTime": 0,"#, with: #"  "playTime": 0,,"#))
        try expectDrift(jaPage, ru(samplesRU), rules: rules, [])
    }

    @Test("Two samples at the same place that share almost no code are one missing and one extra, not a mismatch")
    func unrelatedSamplesAreMissingAndExtra() throws {
        let yamlJA = "```yaml\n# サーバー通知の設定\nnotifications:\n  url: \"https://example.com/appstore#v2\"  # 通知の受信先\n  version: 2\n```"
        let jaPage = ja(samplesJA.replacingOnce(yamlJA, with: "1️⃣" + yamlJA))
        let start = try #require(samplesRU.range(of: "```yaml"))
        let end = try #require(samplesRU.range(of: "```", range: samplesRU.index(start.upperBound, offsetBy: 1)..<samplesRU.endIndex))
        var other = samplesRU
        other.replaceSubrange(start.lowerBound..<end.upperBound, with: "1️⃣```yaml\nlogging:\n  level: debug\n  file: /var/log/app.log\n```")
        let ruPage = ru(other.replacingOnce("## Настройка", with: "2️⃣## Настройка"))
        try expectDrift(jaPage, ruPage, rules: rules, [
            Finding("missing-code-sample", at: ruPage[2], note: jaPage[1]),
            Finding("extra-code-sample", at: ruPage[1], note: Location(file: "docs-ja/p.md", line: 1)),
        ])
    }

    @Test("extra-code-sample: at the ru fence, note at the ja page")
    func extraSample() throws {
        let jaPage = ja("1️⃣" + samplesJA)
        let ruPage = ru(samplesRU.replacingOnce("## Настройка\n", with: """
            ## Настройка

            1️⃣```sh
            # Проверить конфигурацию
            docspec lint --config docspec.yml
            ```

            """))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("extra-code-sample", at: ruPage[1], note: jaPage[1])])
    }

    @Test("A missing sample next to a changed one: the changed one pairs with its counterpart by info string")
    func missingNextToChanged() throws {
        // ru drops the shell sample and changes a value in the JSON sample right after it.
        let jaPage = ja(samplesJA
            .replacingOnce("```sh", with: "1️⃣```sh")
            .replacingOnce(#"  "platform": 1,"#, with: #"2️⃣  "platform": 1,"#))
        let shStart = try #require(samplesRU.range(of: "```sh"))
        let shEnd = try #require(samplesRU.range(of: "```\n", range: shStart.upperBound..<samplesRU.endIndex))
        var withoutShell = samplesRU
        withoutShell.removeSubrange(shStart.lowerBound..<shEnd.upperBound)
        let ruPage = ru(withoutShell
            .replacingOnce("## Запрос", with: "1️⃣## Запрос")
            .replacingOnce(#"  "platform": 1,"#, with: #"2️⃣  "platform": 2,"#))
        try expectDrift(jaPage, ruPage, rules: rules, [
            Finding("missing-code-sample", at: ruPage[1], note: jaPage[1]),
            Finding("code-sample-mismatch", at: ruPage[2], note: jaPage[2]),
        ])
    }

    @Test("Rust lifetimes and SQL `--` comments: translated comments are not findings, code changes are")
    func rustAndSQL() throws {
        let jaPage = ja(#"""
            # 実装例

            ## Rust

            ```rust
            // トランザクション ID を取り出す
            fn transaction_id<'a>(payload: &'a str) -> Option<&'a str> {
                payload.split('.').nth(1) // ペイロード部分
            }
            ```

            ## SQL

            ```sql
            -- 返金申請中のトランザクション
            SELECT id, '--' AS marker FROM transactions WHERE status = 'REFUND_REQUESTED'; -- 状態で絞り込む
            1️⃣SELECT count(*) FROM transactions;
            ```
            """#)
        let ruPage = ru(#"""
            # Примеры реализации

            ## Rust

            ```rust
            // Извлечь идентификатор транзакции
            fn transaction_id<'a>(payload: &'a str) -> Option<&'a str> {
                payload.split('.').nth(1) // часть с полезной нагрузкой
            }
            ```

            ## SQL

            ```sql
            -- Транзакции с запросом на возврат
            SELECT id, '--' AS marker FROM transactions WHERE status = 'REFUND_REQUESTED'; -- фильтр по статусу
            1️⃣SELECT count(*) FROM refunds;
            ```
            """#)
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("code-sample-mismatch", at: ruPage[1], note: jaPage[1])])
    }

    @Test("Tables and samples together: the default checker on a clean pair finds nothing")
    func defaultCheckerClean() throws {
        #expect(try drift(ja(samplesJA), ru(samplesRU)) == [])
    }
}

@Suite("Doc-test samples: exact across locales, hidden setup included")
struct DocTestSampleDriftTests {
    static let source = ja("""
        # P

        <!-- docspec:setup
        let base = 40
        -->

        ```swift
        print("合計", base + 2)  // 合計を表示する
        ```
        """)

    @Test("a translated string literal is tolerated in an ordinary sample but is drift in a doc-test language")
    func exactForDocTests() throws {
        let target = ru("""
            # P

            <!-- docspec:setup
            let base = 40
            -->

            ```swift
            1️⃣print("Итого", base + 2)  // показать итог
            ```
            """)
        try expectDrift(Self.source, target, rules: [CodeSampleDriftRule()], [])
        try expectDrift(
            Self.source, target, rules: [CodeSampleDriftRule(exactLanguages: ["swift"])],
            [Finding("code-sample-mismatch", at: target[1], note: Location(file: "docs-ja/p.md", line: 8, column: 1))])
    }

    @Test("hidden setup that differs, or is missing in the translation, is drift at the setup")
    func setupDrift() throws {
        let changed = ru("""
            # P

            <!-- docspec:setup
            1️⃣let base = 41
            -->

            ```swift
            print("合計", base + 2)  // показать итог
            ```
            """)
        try expectDrift(
            Self.source, changed, rules: [CodeSampleDriftRule(exactLanguages: ["swift"])],
            [Finding("code-sample-mismatch", at: Location(file: "docs-ru/p.md", line: 4), note: Location(file: "docs-ja/p.md", line: 4))])
        let missing = ru("""
            # P

            ```swift
            print("合計", base + 2)  // показать итог
            ```
            """)
        let findings = try drift(Self.source, missing, rules: [CodeSampleDriftRule(exactLanguages: ["swift"])])
        #expect(findings.map(\.ruleID) == ["code-sample-mismatch"])
        #expect(findings.first?.message.contains("lacks the hidden setup code") == true)
    }

    @Test("ignore reasons are translated text: they may differ")
    func reasonIsTranslated() throws {
        let s = ja("# P\n\n```swift ignore reason=\"デバイスが必要\"\nlet a = 1\n```\n")
        let t = ru("# P\n\n```swift ignore reason=\"нужно устройство\"\nlet a = 1\n```\n")
        try expectDrift(s, t, rules: [CodeSampleDriftRule(exactLanguages: ["swift"])], [])
    }
}
