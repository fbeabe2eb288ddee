//! The member's session, as a call to the member API needs it.

use actix_web::HttpRequest;

use crate::auth::CurrentSession;
use crate::error::ApiError;
use crate::member_api::calls::MemberCall;
use crate::state::AppState;

/// The member's session, allowed to make `call`: signed in, and recently enough when the call
/// changes what matters most (else 403 `reconnexion_requise`, before anything is sent).
pub(super) async fn session_for(
    call: &MemberCall,
    request: &HttpRequest,
    state: &AppState,
) -> Result<CurrentSession, ApiError> {
    let current = state.auth.require(request).await?;
    if call.recent_sign_in {
        state.auth.recent_sign_in.require(&current.session)?;
    }
    Ok(current)
}
