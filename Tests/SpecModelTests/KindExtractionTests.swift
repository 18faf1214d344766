import DocDiagnostics
import Testing

@testable import SpecModel

@Suite("Extraction of each kind from ja and ru headers")
struct KindExtractionTests {
    @Test func errorCodesJapanese() throws {
        let x = try extract("""
            <!-- docspec:table kind=error-codes symbol=APIError complete -->

            | エラー名 | コード | HTTP ステータス | 再試行 | 説明 |
            |---|---|---|---|---|
            | `GeneralBadRequestError` | `4000000` | `400` | `no` | 要求が不正です。 |
            | `RateLimitExceededError` | `4290000` | `429` | `later` | 上限を超えました。 |
            """)
        #expect(x.diagnostics.isEmpty)
        let t = try #require(x.table)
        #expect(t.kind == .errorCodes)
        #expect(t.id == "error-codes:APIError")
        #expect(t.symbol == "APIError")
        #expect(t.complete)
        #expect(t.columns == ["name", "code", "status", "retryable", "description"])
        #expect(t.rows.map(\.key) == ["4000000", "4290000"])
        #expect(t.rows[1].value("name") == "RateLimitExceededError")
        #expect(t.rows[1].value("status") == "429")
        #expect(t.rows[1].value("retryable") == "later")
        #expect(t.rows[1].cell("description")?.text == "上限を超えました。")
    }

    @Test func errorCodesRussianWithoutOptionalRetryable() throws {
        let x = try extract("""
            <!-- docspec:table kind=error-codes symbol=APIError -->

            | Имя ошибки | Код | HTTP-статус | Описание |
            |---|---|---|---|
            | `GeneralBadRequestError` | `4000000` | `400` | Некорректный запрос. |
            """, locale: "ru")
        #expect(x.diagnostics.isEmpty)
        let t = try #require(x.table)
        #expect(t.columns == ["name", "code", "status", "description"])
        #expect(t.rows.first?.value("retryable") == nil)
        #expect(!t.complete)
    }

    @Test func errorWithoutPublishedNumberIsKeyedByName() throws {
        let x = try extract("""
            <!-- docspec:table kind=error-codes symbol=APIError -->

            | エラー名 | コード | HTTP ステータス | 説明 |
            |---|---|---|---|
            | `InvalidRefundPreferenceError` | `4000044` | `400` | … |
            | `ConsumptionPercentageOutOfRangeError` | — | `400` | 番号は非公開。 |
            | `UndeliveredConsumptionPercentageNonZeroError` | — | `400` | 番号は非公開。 |
            """)
        #expect(x.diagnostics.isEmpty, "\(x.diagnostics)")
        #expect(x.table?.rows.map(\.key) == ["4000044", "ConsumptionPercentageOutOfRangeError", "UndeliveredConsumptionPercentageNonZeroError"])
        #expect(x.table?.rows[1].value("code") == "—")
    }

    @Test func errorNumberMustBeAnIntegerOrDash() throws {
        let x = try extract("""
            <!-- docspec:table kind=error-codes symbol=APIError -->

            | エラー名 | コード | HTTP ステータス | 説明 |
            |---|---|---|---|
            | `SomeError` | `unknown` | `400` | … |
            """)
        #expect(x.rules == ["invalid-cell"])
        #expect(x.diagnostics.first?.message.contains("not an error number") == true)
    }

    @Test func jsonObjectJapaneseAndRussian() throws {
        for (header, locale) in [("| クレーム | 型 | 値 | 説明 |", "ja"), ("| Утверждение | Тип | Значение | Описание |", "ru")] {
            let x = try extract("""
                <!-- docspec:table kind=json-object symbol=AppStoreJWT.Claims complete -->

                \(header)
                |---|---|---|---|
                | `aud` | `string` | `"appstoreconnect-v1"` | … |
                | `iat` | `integer` | — | … |
                """, locale: locale)
            #expect(x.diagnostics.isEmpty, "\(x.diagnostics)")
            let t = try #require(x.table)
            #expect(t.kind == .jsonObject)
            #expect(t.columns == ["key", "type", "value", "description"])
            #expect(t.rows.map(\.key) == ["aud", "iat"])
            #expect(t.rows[0].value("value") == "\"appstoreconnect-v1\"")
            #expect(t.rows[1].value("value") == "—")
        }
    }

    @Test func jsonObjectRejectsUnknownTypesAndBareWords() throws {
        let x = try extract("""
            <!-- docspec:table kind=json-object symbol=Header -->

            | キー | 型 | 値 | 説明 |
            |---|---|---|---|
            | `alg` | `text` | `ES256` | … |
            """)
        #expect(x.rules == ["invalid-cell", "invalid-cell"])
        #expect(x.diagnostics.contains { $0.message.contains("not a JSON type") })
        #expect(x.diagnostics.contains { $0.message.contains("not a JSON literal") })
    }

    @Test func delegateParametersJapaneseAndRussian() throws {
        for (header, locale) in [("| メソッド | パラメータの型 | 呼び出されるとき |", "ja"), ("| Метод | Типы параметров | Когда вызывается |", "ru")] {
            let x = try extract("""
                <!-- docspec:table kind=delegate-parameters symbol=PurchaseCoordinatorDelegate complete -->

                \(header)
                |---|---|---|
                | `coordinator(_:didFinishSweep:)` | `PurchaseCoordinator`, `SweepReport` | … |
                | `coordinator(_:didFailPurchase:error:)` | `PurchaseCoordinator`, `PurchaseAttempt`, `any Error` | … |
                | `coordinatorDidReset()` | — | … |
                """, locale: locale)
            #expect(x.diagnostics.isEmpty, "\(x.diagnostics)")
            let t = try #require(x.table)
            #expect(t.kind == .delegateParameters)
            #expect(t.complete)
            #expect(t.rows.map(\.key) == ["coordinator(_:didFinishSweep:)", "coordinator(_:didFailPurchase:error:)", "coordinatorDidReset()"])
            #expect(t.rows[1].cell("parameters")?.codeSpans == ["PurchaseCoordinator", "PurchaseAttempt", "any Error"])
        }
    }

    @Test func delegateParametersRejectsBadNamesTypesAndCounts() throws {
        let x = try extract("""
            <!-- docspec:table kind=delegate-parameters symbol=D -->

            | メソッド | パラメータの型 | 呼び出されるとき |
            |---|---|---|
            | `coordinator(_:didFinish)` | `A` | … |
            | `coordinator(_:)` | `A { print("x") }` | … |
            | `coordinator(_:b:)` | `A` | … |
            """)
        #expect(x.rules == ["invalid-cell", "invalid-cell", "invalid-cell"])
        #expect(x.diagnostics[0].message.contains("not a method name"))
        #expect(x.diagnostics[1].message.contains("not a Swift type"))
        #expect(x.diagnostics[2].message.contains("1 type(s) for 2 argument label(s)"))
    }

    @Test func stringEnumJapaneseAndRussian() throws {
        for (header, locale) in [("| 値 | 説明 |", "ja"), ("| Значение | Описание |", "ru")] {
            let x = try extract("""
                <!-- docspec:table kind=string-enum symbol=Subtype -->

                \(header)
                |---|---|
                | `INITIAL_BUY` | … |
                | `RESUBSCRIBE` | … |
                """, locale: locale)
            #expect(x.diagnostics.isEmpty)
            #expect(x.table?.columns == ["value", "description"])
            #expect(x.table?.rows.map(\.key) == ["INITIAL_BUY", "RESUBSCRIBE"])
        }
    }

    @Test func intEnumJapaneseAndRussian() throws {
        for header in ["| 値 | ケース | 説明 |", "| Значение | Кейс | Описание |"] {
            let x = try extract("""
                <!-- docspec:table kind=int-enum symbol=PlayTime complete -->

                \(header)
                |---|---|---|
                | `0` | `undeclared` | 未申告 |
                | `-1` | `negative` | — |
                """)
            #expect(x.diagnostics.isEmpty)
            let t = try #require(x.table)
            #expect(t.columns == ["value", "case", "description"])
            #expect(t.rows.map { $0.value("case") } == ["undeclared", "negative"])
            #expect(t.rows.map(\.key) == ["0", "-1"])
        }
    }

    @Test func fieldsJapanese() throws {
        let x = try extract("""
            <!-- docspec:table kind=fields symbol=ConsumptionRequestV1 -->

            | キー | 型 | 必須 | 許容値 | エラー | 説明 |
            |---|---|---|---|---|---|
            | `customerConsented` | `bool` | はい | `true` | `InvalidCustomerConsentedError` | 同意 |
            | `playTime` | `int32` | 必須 | `0...7` | `InvalidPlayTimeError` | 時間 |
            | `refundPreference` | `int32` | いいえ | `0...3` | — | 希望 |
            """)
        #expect(x.diagnostics.isEmpty)
        let t = try #require(x.table)
        #expect(t.columns == ["key", "type", "required", "values", "error", "description"])
        #expect(t.rows.map(\.key) == ["customerConsented", "playTime", "refundPreference"])
        #expect(t.rows.map { $0.value("required") } == ["yes", "yes", "no"])
        #expect(t.rows[2].value("error") == "—")
    }

    @Test func fieldsRussian() throws {
        let x = try extract("""
            <!-- docspec:table kind=fields symbol=ConsumptionRequestV1 -->

            | Ключ | Тип | Обязательно | Допустимые значения | Ошибка | Описание |
            |---|---|---|---|---|---|
            | `sampleContentProvided` | `bool` | да | `true`, `false` | `InvalidSampleContentProvidedError` | Пробный контент |
            | `appAccountToken` | `string` | нет | `UUID`, `""` | `InvalidAppAccountTokenError` | Токен |
            """, locale: "ru")
        #expect(x.diagnostics.isEmpty)
        let t = try #require(x.table)
        #expect(t.rows.map { $0.value("required") } == ["yes", "no"])
        #expect(t.rows[0].value("values") == "true, false")
        #expect(t.rows[1].value("values") == #"UUID, """#)
    }

    @Test func endpointJapaneseAndRussian() throws {
        for header in ["| 環境 | メソッド | ベース URL | パス |", "| Окружение | Метод | Базовый URL | Путь |"] {
            let x = try extract("""
                <!-- docspec:table kind=endpoint symbol=SendConsumptionInformationV1 -->

                \(header)
                |---|---|---|---|
                | `Production` | `PUT` | `https://api.storekit.itunes.apple.com` | `/inApps/v1/transactions/consumption/{transactionId}` |
                | `Sandbox` | `PUT` | `https://api.storekit-sandbox.itunes.apple.com` | `/inApps/v1/transactions/consumption/{transactionId}` |
                """)
            #expect(x.diagnostics.isEmpty)
            let t = try #require(x.table)
            #expect(t.columns == ["environment", "method", "base-url", "path"])
            #expect(t.rows.map(\.key) == ["Production", "Sandbox"])
            #expect(t.rows[1].value("base-url") == "https://api.storekit-sandbox.itunes.apple.com")
        }
    }
}

@Suite("Column binding")
struct ColumnBindingTests {
    @Test func unknownHeadersBindByPosition() throws {
        let x = try extract("""
            <!-- docspec:table kind=int-enum symbol=PlayTime -->

            | 番号 | 名称 | 備考 |
            |---|---|---|
            | `1` | `one` | x |
            """)
        #expect(x.diagnostics.isEmpty)
        #expect(x.table?.columns == ["value", "case", "description"])
        #expect(x.table?.rows.first?.value("case") == "one")
    }

    @Test func unknownHeadersBindToRequiredColumnsWhenOptionalIsMissing() throws {
        let x = try extract("""
            <!-- docspec:table kind=error-codes symbol=APIError -->

            | A | B | C | D |
            |---|---|---|---|
            | `E` | `1` | `400` | x |
            """)
        #expect(x.diagnostics.isEmpty)
        #expect(x.table?.columns == ["name", "code", "status", "description"])
    }

    @Test func explicitColumnsAttribute() throws {
        let m = marked("""
            <!-- docspec:table kind=string-enum symbol=S columns="description, value" -->

            1️⃣| 説明 | 値 |
            |---|---|
            | 説明文 | `A` |
            """)
        let x = try extract(m.text)
        #expect(x.table?.columns == ["description", "value"])
        #expect(x.table?.rows.first?.key == "A")
        #expect(x.rules == ["column-order"])
        #expect(x.diagnostics.first?.location == m.location(1))
    }

    @Test func explicitColumnsWithWrongCountIsSchemaError() throws {
        let m = marked("""
            <!-- docspec:table kind=string-enum symbol=S columns=value -->

            1️⃣| 値 | 説明 |
            |---|---|
            | `A` | a |
            """)
        let x = try extract(m.text)
        #expect(x.rules == ["table-schema"])
        #expect(x.diagnostics.first?.location == m.location(1))
        #expect(x.page.tables.isEmpty)
    }

    @Test func explicitColumnsNamingUnknownColumnIsSchemaErrorAtDirective() throws {
        let m = marked("""
            1️⃣<!-- docspec:table kind=string-enum symbol=S columns=value,notes -->

            | a | b |
            |---|---|
            | `A` | a |
            """)
        let x = try extract(m.text)
        #expect(x.rules == ["table-schema"])
        #expect(x.diagnostics.first?.location == m.location(1))
        #expect(x.diagnostics.first?.message.contains("notes") == true)
    }

    @Test func reorderedHeadersAreAcceptedWithAWarning() throws {
        let m = marked("""
            <!-- docspec:table kind=error-codes symbol=APIError -->

            1️⃣| コード | エラー名 | 説明 | HTTP ステータス |
            |---|---|---|---|
            | `4000000` | `GeneralBadRequestError` | 不正 | `400` |
            """)
        let x = try extract(m.text)
        #expect(x.rules == ["column-order"])
        #expect(x.diagnostics.first?.severity == .warning)
        #expect(x.diagnostics.first?.location == m.location(1))
        let t = try #require(x.table)
        #expect(t.columns == ["code", "name", "description", "status"])
        #expect(t.rows.first?.value("name") == "GeneralBadRequestError")
        #expect(t.rows.first?.key == "4000000")
    }

    @Test func missingRequiredColumnIsSchemaErrorAtHeader() throws {
        let m = marked("""
            # 見出し

            <!-- docspec:table kind=error-codes symbol=APIError -->

            1️⃣| コード | ステータス | 説明 |
            |---|---|---|
            | `1` | `400` | a |
            """)
        let x = try extract(m.text)
        #expect(x.rules == ["table-schema"])
        #expect(x.diagnostics.first?.location == m.location(1))
        #expect(x.diagnostics.first?.message.contains("name") == true)
        #expect(x.page.tables.isEmpty)
    }

    @Test func extraColumnIsSchemaErrorAtHeader() throws {
        let m = marked("""
            <!-- docspec:table kind=string-enum symbol=S -->

            | Значение | Описание | 1️⃣Примечание |
            |---|---|---|
            | `A` | a | b |
            """)
        let x = try extract(m.text)
        // At the extra column's header cell, which the message names.
        #expect(x.rules == ["table-schema"])
        #expect(x.diagnostics.first?.location == m.location(1))
        #expect(x.diagnostics.first?.message.contains("Примечание") == true)
    }

    @Test func sameColumnTwiceInColumnsAttributeIsSchemaError() throws {
        let x = try extract("""
            <!-- docspec:table kind=string-enum symbol=S columns=value,value -->

            | a | b |
            |---|---|
            | `A` | `B` |
            """)
        #expect(x.rules == ["table-schema"])
        #expect(x.page.tables.isEmpty)
    }
}
