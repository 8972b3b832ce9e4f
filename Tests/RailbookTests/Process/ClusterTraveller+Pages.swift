import Foundation
import HTMLTesting
import HTTP

/// How a cluster traveller talks to the site: pages fetched and forms submitted through HAProxy,
/// each answer sorted into what the traveller expects (200, 303, 409), what a dying server costs
/// (HAProxy's 502 or 503, a reset or timed-out connection, the site's "busy" 503) and anything else,
/// which is noted as unexpected.
extension ClusterTraveller {
    /// GETs `target`, following redirects; the final response and its page, or nil (noted) when
    /// the answer was lost or not a page the traveller expects.
    func fetch(_ target: String) -> (response: TestResponse, page: HTMLDocument)? {
        guard let response = exchange("GET \(target)", { try client.get(target) }), let page = document(response) else { return nil }
        return (response, page)
    }

    /// Submits `form` with POST, not following the redirect, so its 303 is seen as it came.
    func submit(_ form: HTMLForm) -> TestResponse? {
        guard let submission = try? form.submission() else {
            unexpected("a form could not be submitted: \(form)")
            return nil
        }
        var headers = Headers()
        headers.add("Content-Type", "application/x-www-form-urlencoded")
        return exchange("POST \(submission.action)") {
            try client.send(.post, submission.action, headers: headers, body: Array(submission.urlencoded.utf8), followRedirects: false)
        }
    }

    /// The response of `send` when it is 200, 303 or 409; otherwise nil, with the answer noted.
    private func exchange(_ request: String, _ send: () throws -> TestResponse) -> TestResponse? {
        let response: TestResponse
        do {
            response = try send()
        } catch {
            record.note { $0.lostAnswers.append("\(request): \(error)") }
            return nil
        }
        switch response.status.code {
        case 200, 303, 409:
            return response
        case 502, 504:
            record.note { $0.lostAnswers.append("\(request): \(response.status.code) from HAProxy") }
        case 503:
            let who = response.headers["Retry-After"] == nil ? "HAProxy (no server)" : "Railbook (busy)"
            record.note { $0.lostAnswers.append("\(request): 503 from \(who)") }
        default:
            unexpected("\(request): \(response.status.code) \(response.text.prefix(300))")
        }
        return nil
    }

    /// The page of a response, or nil (noted) when its markup cannot be read.
    func document(_ response: TestResponse) -> HTMLDocument? {
        do {
            return try response.document()
        } catch {
            unexpected("\(response.target): \(error)")
            return nil
        }
    }

    /// The form posting to `action` on `page`, or nil (noted) when the page has none.
    func form(action: String, on page: HTMLDocument) -> HTMLForm? {
        do {
            return try page.form(action: action)
        } catch {
            unexpected("no form to \(action): \(page.text("//div[@role='alert']") ?? page.text("//h1") ?? "")")
            return nil
        }
    }

    /// Ticks exactly `party` among the passenger checkboxes of `form`.
    func tick(_ party: [ClusterAccounts.SavedPassenger], in form: inout HTMLForm, on page: HTMLDocument) {
        let chosen = Set(party.map { String($0.id) })
        for value in page.nodes("//input[@name='passenger']").compactMap({ $0.attribute("value") }) {
            if chosen.contains(value) {
                try? form.check("passenger", value: value)
            } else {
                try? form.uncheck("passenger", value: value)
            }
        }
    }

    /// The `Location` of a 303, or nil.
    func location(_ response: TestResponse) -> String? {
        response.status == .seeOther ? response.headers["Location"] : nil
    }

    /// The order number a booking's 303 leads to (`/orders/E…`), or nil.
    func orderNumber(_ response: TestResponse) -> String? {
        guard let location = location(response), location.hasPrefix("/orders/E") else { return nil }
        return String(location.dropFirst("/orders/".count).prefix { $0 != "?" })
    }

    /// The `data-status` of the order or waitlist on `page`.
    func status(of page: HTMLDocument) -> String? {
        page.node("//section[@data-order or @data-waitlist]")?.attribute("data-status")
    }

    /// The ids of the traveller's passengers whose names start these lines (`李雷 · 成人 · ¥88`).
    func passengerIDs(named lines: [String]) -> Set<Int64> {
        let names = Set(lines.map { $0.trimmingCharacters(in: .whitespacesAndNewlines).components(separatedBy: " · ")[0] })
        return Set(account.passengers.filter { names.contains($0.name) }.map(\.id))
    }

    /// Notes something the traveller did not expect.
    func unexpected(_ what: String) {
        record.note { $0.unexpected.append("\(account.account): \(what)") }
    }
}
