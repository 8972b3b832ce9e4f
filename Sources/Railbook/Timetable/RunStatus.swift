import Storage

/// What the `status` column of a run holds: a run runs as scheduled until an administrator
/// cancels it (a delay is kept apart, in `delay_minutes`).
enum RunStatus: String, SQLBindable, Sendable {
    case scheduled
    case cancelled
}
