import HTTP
import Storage

/// `/feedback`: anyone, logged in or not, sends a suggestion, a website problem, praise or anything
/// else; the contact field starts with a logged-in user's mobile number. A sent form leads to a
/// thank-you page (`/feedback?sent=1`).
struct FeedbackController: Controller {
    let renderer: PageRenderer
    let database: DatabasePool

    func addRoutes(to router: RouteGroup<AppContext>) {
        router.get("/feedback", use: show)
        router.post("/feedback", use: submit)
    }

    func show(_ request: Request, _ context: inout AppContext) throws -> Response {
        guard request.query["sent"] == nil else {
            return try renderer.page("feedback/thanks", context: context)
        }
        return try renderForm(FeedbackForm(contact: context.user?.mobile ?? ""), FormErrors(), request, &context, status: .ok)
    }

    func submit(_ request: Request, _ context: inout AppContext) throws -> Response {
        let details = FeedbackForm(form: request.form)
        let problems = details.problems()
        guard problems.isEmpty else {
            return try renderForm(details, problems, request, &context, status: .unprocessableContent)
        }
        let userID = context.user?.id
        do {
            _ = try database.write {
                try Feedback.submit(details, userID: userID, address: request.remoteAddress, now: context.now, in: $0)
            }
        } catch let tooMany as Feedback.TooMany {
            let alert = renderer.messages.text(
                "error_feedback_too_many", context.language, count: Feedback.limit,
                arguments: [
                    String(Feedback.limit), Duration.text(minutes: Feedback.window / 60, renderer, context),
                    Duration.text(minutes: (tooMany.waitSeconds + 59) / 60, renderer, context),
                ])
            return try renderForm(details, FormErrors(), alert: alert, request, &context, status: .tooManyRequests)
        }
        return .redirect(to: "/feedback?sent=1")
    }

    /// The form with the sender's values, field messages and an `alert` for the whole form.
    private func renderForm(
        _ details: FeedbackForm, _ errors: FormErrors, alert: String? = nil, _ request: Request,
        _ context: inout AppContext, status: Status
    ) throws -> Response {
        let fields = FeedbackFormFields(text: renderer.texts(context), errors: errors).fields(details)
        return try renderer.formPage(
            "feedback/form", FormPageViewModel(fields: fields, errors: errors, alert: alert), context: &context,
            status: status)
    }
}
